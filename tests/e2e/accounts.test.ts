import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { latestLink } from '../helpers/outbox.ts';
import { password, signUp, uniqueEmail, verify } from './api.ts';
import { usePages } from './browser.ts';
import { expectAccessible } from './axe.ts';

const { newPage } = usePages();

describe('accounts in the browser', () => {
  it('signs up, verifies the email from the outbox, signs in, edits the profile and logs out', async () => {
    const { page } = await newPage();
    const email = uniqueEmail('newcomer');
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign Up' }).first().click();
    await page.waitForURL('**/signup');
    await expectAccessible(page, 'the Sign Up page');

    // The client rules show the spec's texts before anything is sent.
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.getByText('Email is required.').isVisible()).toBe(true);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password').fill('different');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.getByText('Email is not valid.').isVisible()).toBe(true);
    await expect
      .poll(() =>
        page
          .getByText(
            'Password must be between 8-40 characters and include at least one number and special character.',
          )
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => page.getByText('Passwords do not match.').isVisible()).toBe(true);
    await expectAccessible(page, 'the Sign Up page with its errors');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('First Name').fill('Erin');
    await page.getByLabel('Last Name').fill('Machinist');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByLabel('Organization (optional)').fill(`Browser Shop ${email}`);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/signin');
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toContain(`We sent a link to ${email}`);
    await expectAccessible(page, 'the Sign In page after sign-up');

    // The verification link from the outbox lands on the sign-in page.
    const link = await latestLink(inject('dataDir'), email, '/api/users/verify-email/');
    await page.goto(link);
    await page.waitForURL('**/signin?verified=1');
    await expect
      .poll(() =>
        page.getByText('Your email address is verified. You can sign in now.').isVisible(),
      )
      .toBe(true);
    await expectAccessible(page, 'the Sign In page after verification');

    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/qbot');

    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'My Profile',
      'My Organization',
      'My Shop',
      'QBot',
      'Logout',
    ]);
    await expectAccessible(page, 'the account menu');
    await menu.getByRole('menuitem', { name: 'My Profile' }).click();
    await page.waitForURL('**/my-profile');
    await expect.poll(() => page.getByLabel('First Name').inputValue()).toBe('Erin');
    await expectAccessible(page, 'the My Profile page');
    await page.getByLabel('First Name').fill('Erin Jo');
    await page.getByLabel('Last Name').fill('Lathe');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => page.getByText('Your profile has been saved.').isVisible()).toBe(true);
    await expectAccessible(page, 'the My Profile page after saving');
    await page.reload();
    await expect.poll(() => page.getByLabel('Last Name').inputValue()).toBe('Lathe');
    expect(await page.getByLabel('First Name').inputValue()).toBe('Erin Jo');

    const token = await page.evaluate(() => localStorage.getItem('qbot.token'));
    expect(token).toBeTruthy();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(inject('marketingUrl'));
    expect(await page.evaluate(() => localStorage.getItem('qbot.token'))).toBeNull();
    await expect
      .poll(() => page.getByRole('link', { name: 'Sign In' }).first().isVisible())
      .toBe(true);
    await expectAccessible(page, 'the landing page after logout');
    const afterLogout = await fetch(`${inject('baseUrl')}/api/profile`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(afterLogout.status).toBe(401);
  });

  it('sends a signed-out visit to /my-profile to /signin and back after signing in', async () => {
    const email = uniqueEmail('returning');
    await signUp({ email, organization: `Return Shop ${email}` });
    await verify(email);
    const { page } = await newPage();
    await page.goto('/');
    await page.goto('/my-profile');
    await page.waitForURL(/\/signin\?redirect=%2Fmy-profile$/);
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/my-profile');
    await expect.poll(() => page.getByLabel('First Name').inputValue()).toBe('Erin');
    // History was replaced: going back does not return to the sign-in form.
    await page.goBack();
    expect(page.url()).not.toContain('/signin');
  });

  it('shows each sign-in error text', async () => {
    const { page } = await newPage();
    await page.goto('/signin');
    const signIn = async (email: string, secret: string) => {
      await page.getByLabel('Email Address').fill(email);
      await page.getByLabel('Password').fill(secret);
      await page.getByRole('button', { name: 'Sign In' }).click();
    };
    const alertText = () => page.getByRole('alert').first().textContent();

    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByText('Email is required.').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Password is required.').isVisible()).toBe(true);
    await expectAccessible(page, 'the Sign In page with its errors');
    await signIn('nobody', '');
    await expect
      .poll(() => page.getByText('Email is not a valid email address.').isVisible())
      .toBe(true);

    await signIn(uniqueEmail('ghost'), password);
    await expect.poll(alertText).toBe('The email address or password is incorrect.');
    await expectAccessible(page, 'the Sign In page with a server error');

    const unverified = uniqueEmail('unverified');
    await signUp({ email: unverified, organization: `Unverified Shop ${unverified}` });
    await signIn(unverified, password);
    await expect
      .poll(() =>
        page
          .getByText(`Please check your email address ${unverified} to verify your email.`)
          .isVisible(),
      )
      .toBe(true);
    await expectAccessible(page, 'the unverified-email panel');
    await page.getByRole('button', { name: 'Close' }).click();
    await signIn(unverified, password);
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe(
        `If ${unverified} belongs to an account that is not verified yet, a new verification link has been sent to it.`,
      );
    await expectAccessible(page, 'the unverified-email panel after resending');

    const loner = uniqueEmail('loner');
    await signUp({ email: loner });
    await verify(loner);
    await signIn(loner, password);
    await expect
      .poll(alertText)
      .toBe(
        'Your account is not linked to any organization. Please sign up again or contact support.',
      );
    await expectAccessible(page, 'the no-organization panel');
    // The organization panel offers a way on (tested below); Close goes back to the form.
    await page.getByRole('button', { name: 'Close' }).click();

    const admin = uniqueEmail('admin');
    const shop = `Pending Shop ${admin}`;
    await signUp({ email: admin, firstName: 'Grace', lastName: 'Hopper', organization: shop });
    const pending = uniqueEmail('pending');
    await signUp({ email: pending, organization: shop });
    await verify(pending);
    await signIn(pending, password);
    await expect
      .poll(alertText)
      .toBe(
        'You have not been added to your organization yet. Please contact Grace Hopper so they can approve your entry into the organization.',
      );
    await expectAccessible(page, 'the Sign In page for a pending member');
  });

  it('resets a forgotten password with the mailed link', async () => {
    const email = uniqueEmail('forgetful');
    await signUp({ email, organization: `Forgetful Shop ${email}` });
    await verify(email);
    const { page } = await newPage();
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.waitForURL('**/forgot-password');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Reset Password Request' }).isVisible())
      .toBe(true);
    expect(
      await page.getByLabel('Email').evaluate((input) => input === document.activeElement),
    ).toBe(true);
    await expectAccessible(page, 'the Reset Password Request page');

    await page.getByLabel('Email').fill(uniqueEmail('stranger'));
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('No user found with that email address.');
    await expectAccessible(page, 'the Reset Password Request page with its error');

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe(`A link to reset your password has been sent to ${email}. It is valid for one hour.`);
    await expectAccessible(page, 'the Reset Password Request page after sending');

    await page.goto(await latestLink(inject('dataDir'), email, '/reset-password/'));
    await page.getByLabel('New Password:', { exact: true }).fill('NewLathe2025!');
    await page.getByLabel('Confirm New Password:').fill('NewLathe2025?');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe("Passwords don't match.");
    await expectAccessible(page, 'the Reset Password page with its error');
    await page.getByLabel('Confirm New Password:').fill('NewLathe2025!');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL('**/signin');
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Your password has been reset. Please sign in with your new password.');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password').fill('NewLathe2025!');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/qbot');
  });

  it('shows a not-found page for unknown paths', async () => {
    const { page } = await newPage();
    await page.goto('/no/such/page');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Page not found' }).isVisible())
      .toBe(true);
    await expectAccessible(page, 'the not-found page');
  });

  it('leads an account signed up without an organization on: it names one and is signed in', async () => {
    const email = uniqueEmail('no-org');
    await signUp({ email });
    await verify(email);
    const { page } = await newPage();
    await page.goto('/signin');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The spec's message stays, with the way on beside it.
    await expect
      .poll(() =>
        page
          .getByText(
            'Your account is not linked to any organization. Please sign up again or contact support.',
          )
          .isVisible(),
      )
      .toBe(true);
    await page.getByRole('button', { name: 'Join or Create Organization' }).click();
    await expect.poll(() => page.getByText('Organization is required.').isVisible()).toBe(true);
    await expectAccessible(page, 'the organization panel with its error');
    await page.getByLabel('Organization').fill(`Own Shop ${email}`);
    await page.getByRole('button', { name: 'Join or Create Organization' }).click();
    await page.waitForURL('**/qbot');
    await page.goto('/my-organization');
    await expect
      .poll(() =>
        page.getByRole('heading', { name: `Organization: Own Shop ${email}` }).isVisible(),
      )
      .toBe(true);
    await expectAccessible(page, 'the My Organization page of a new admin');
  });
});
