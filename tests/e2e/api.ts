/** Set up accounts through the API of the running product, as a user would through the UI. */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { latestLink } from '../helpers/outbox.ts';

export const password = 'Lathe2024!';

export const uniqueEmail = (label: string): string =>
  `${label}-${randomUUID().slice(0, 8)}@e2e.test`;

async function post(path: string, body: unknown) {
  const response = await fetch(`${inject('baseUrl')}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function signUp(input: {
  email: string;
  firstName?: string;
  lastName?: string;
  organization?: string;
}) {
  const response = await post('/api/users/signup', {
    firstName: 'Erin',
    lastName: 'Machinist',
    password,
    confirmPassword: password,
    ...input,
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(response.body)}`);
}

/** Open the newest verification link mailed to `email`. */
export async function verify(email: string) {
  const link = await latestLink(inject('dataDir'), email, '/api/users/verify-email/');
  const response = await fetch(link, { redirect: 'manual' });
  if (response.status !== 302) throw new Error(`verification failed with ${response.status}`);
}

/** Sign in through the Sign In page; waits until the app has left it. */
export async function signInThroughUi(page: Page, email: string, secret = password) {
  await page.goto('/signin');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(secret);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
}

/**
 * Sign in as the demo admin and open the Q-Bot screen with no workflow running (one left by an
 * earlier test is cancelled), ready for an upload. Returns the message box.
 */
export async function openFreshQbot(page: Page, account: { email: string; password: string }) {
  await signInThroughUi(page, account.email, account.password);
  await page.goto('/qbot');
  const messageBox = page.getByRole('textbox', { name: 'Message' });
  await messageBox.waitFor();
  const cancel = page.locator('.tracker-cancel');
  if (await cancel.isVisible()) {
    await cancel.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Workflow' }).click();
  }
  await expect.poll(() => messageBox.isEnabled()).toBe(true);
  return messageBox;
}
