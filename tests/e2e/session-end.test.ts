/**
 * A session that ends while a page is open (issue 31): logout in another tab of the same
 * browser, a password reset, the token's expiry. The open tab goes to /signin once, naming the
 * page it was on, and its JavaScript heap stays small (it used to navigate again and again
 * with each redirect nested in the next, and froze).
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { latestLink } from '../helpers/outbox.ts';
import { password, signInThroughUi, signUp, uniqueEmail, verify } from './api.ts';
import { usePages } from './browser.ts';

const { newPage } = usePages();

/** Longest a tab may take to reach /signin once its session ended. */
const redirectWithinMs = 2000;
const heapLimitBytes = 100 * 1024 * 1024;

/** A new shop's admin, signed up and verified through the API. */
async function newAdmin(label: string): Promise<string> {
  const email = uniqueEmail(label);
  await signUp({ email, organization: `Session Shop ${email}` });
  await verify(email);
  return email;
}

/** The page's used JS heap from Chrome's DevTools protocol; throws when the page does not answer. */
async function usedHeapBytes(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  try {
    const usage = await Promise.race([
      session.send('Runtime.getHeapUsage'),
      new Promise<never>((_resolve, reject) =>
        setTimeout(() => reject(new Error('the page did not answer within 5 s')), 5000),
      ),
    ]);
    return usage.usedSize;
  } finally {
    await session.detach().catch(() => undefined);
  }
}

/** The tab is on /signin with `redirect` naming `from`, and stays there with a small heap. */
async function expectSentToSignin(page: Page, from: string): Promise<void> {
  const expected = `/signin?redirect=${encodeURIComponent(from)}`;
  await page.waitForURL((url) => `${url.pathname}${url.search}` === expected, {
    timeout: redirectWithinMs,
  });
  // No navigation follows the first one, and the page still answers.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(await page.evaluate(() => `${location.pathname}${location.search}`)).toBe(expected);
  expect(await usedHeapBytes(page)).toBeLessThan(heapLimitBytes);
  expect(await page.getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true);
}

async function openMyShop(page: Page): Promise<void> {
  await page.goto('/my-shop');
  await page.waitForLoadState('networkidle');
  expect(new URL(page.url()).pathname).toBe('/my-shop');
}

/** A new shop's admin signed in on /my-shop in a browser of their own, with the page's clock faked or not. */
async function signedInOnMyShop(label: string, { fakeClock = false } = {}) {
  const email = await newAdmin(label);
  const { page } = await newPage();
  if (fakeClock) await page.clock.install();
  await signInThroughUi(page, email);
  await openMyShop(page);
  return { email, page };
}

/** Sign in on the /signin page the tab was sent to; it returns to where it was. */
async function signInAgain(page: Page, email: string, secret: string, back: string) {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(secret);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`**${back}`);
}

describe('a session that ends while a page is open', () => {
  it('sends the open tab to /signin once when the user logs out in another tab', async () => {
    const { email, page } = await signedInOnMyShop('two-tabs');
    const other = await page.context().newPage();
    await openMyShop(other);

    await other.getByRole('button', { name: 'Account menu' }).click();
    await other.getByRole('menuitem', { name: 'Logout' }).click();
    await other.waitForURL(inject('marketingUrl'));

    await expectSentToSignin(page, '/my-shop');
    // Signing in again returns to the page the tab was on.
    await signInAgain(page, email, password, '/my-shop');
  });

  it('sends the open tab to /signin once when a password reset in another tab ends the session', async () => {
    const { email, page } = await signedInOnMyShop('reset-tabs');

    const other = await page.context().newPage();
    await other.goto('/forgot-password');
    await other.getByLabel('Email').fill(email);
    await other.getByRole('button', { name: 'Reset Password' }).click();
    await expect.poll(() => other.getByRole('status').textContent()).toContain(email);
    await other.goto(await latestLink(inject('dataDir'), email, '/reset-password/'));
    await other.getByLabel('New Password:', { exact: true }).fill('NewLathe2026!');
    await other.getByLabel('Confirm New Password:').fill('NewLathe2026!');
    await other.getByRole('button', { name: 'Reset Password' }).click();
    await other.waitForURL('**/signin');

    // The first tab learns of it from its next call, which the server refuses with 401.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'QBot' }).click();
    await expectSentToSignin(page, '/qbot');
    await signInAgain(page, email, 'NewLathe2026!', '/qbot');
  });

  it('sends the open tab to /signin once when its token expires', async () => {
    const { page } = await signedInOnMyShop('expiry', { fakeClock: true });
    const other = await page.context().newPage();
    await openMyShop(other);

    // Twelve hours and a minute later (decision 003: a session lasts 12 hours).
    await page.clock.fastForward('12:01:00');
    await expectSentToSignin(page, '/my-shop');
    await expectSentToSignin(other, '/my-shop');
  });
});
