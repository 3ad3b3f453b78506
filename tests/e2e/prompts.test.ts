/**
 * Prompt management in the browser (spec sections 2 "Prompt Management modal", 6 and 8): a shop
 * admin opens Prompts on the Q-Bot screen, edits a prompt, sees the success text and the new
 * version in the history, deletes a version and sees the previous one current again; failed
 * calls show the spec's texts; a member who is not an admin sees no Prompts button.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { password, signInThroughUi, signUp, uniqueEmail, verify } from './api.ts';
import { usePages } from './browser.ts';
import { expectAccessible } from './axe.ts';

const { newPage } = usePages();

async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${inject('baseUrl')}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
  return (await response.json()) as T;
}

async function signInForToken(email: string): Promise<string> {
  const response = await fetch(`${inject('baseUrl')}/api/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed with ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** A new shop of its own (so no other browser test sees its prompts): its admin and a member. */
const shop = { adminEmail: uniqueEmail('prompt-admin'), memberEmail: uniqueEmail('prompt-member') };
let adminToken: string;

beforeAll(async () => {
  const organization = `Prompt Shop ${shop.adminEmail}`;
  await signUp({ email: shop.adminEmail, organization, firstName: 'Alma', lastName: 'Admin' });
  await verify(shop.adminEmail);
  await signUp({ email: shop.memberEmail, organization, firstName: 'Milo', lastName: 'Member' });
  await verify(shop.memberEmail);
  adminToken = await signInForToken(shop.adminEmail);
  const { organization: found } = await api<{
    organization: { _id: string; pendingUsers: { _id: string; email: string }[] };
  }>('GET', '/api/organization', adminToken);
  const member = found.pendingUsers.find((user) => user.email === shop.memberEmail)!;
  await api('POST', `/api/organization/${found._id}/approve-user/${member._id}`, adminToken);
});

const header = (page: Page) => page.locator('.qbot-header');
const modal = (page: Page) => page.getByRole('dialog', { name: 'Prompt Management' });
const section = (page: Page, name: 'Description Prompt' | 'Blueprint Prompt') =>
  modal(page).getByRole('region', { name });
const historyEntries = (page: Page) =>
  section(page, 'Description Prompt').getByRole('list').getByRole('listitem');

async function openPrompts(page: Page) {
  await signInThroughUi(page, shop.adminEmail);
  await page.waitForURL('**/qbot');
  await header(page).getByRole('button', { name: 'Prompts' }).click();
  await modal(page).waitFor();
}

describe('prompt management in the browser', () => {
  it('lets an admin edit a prompt, see it in the history, and delete a version', async () => {
    const { page } = await newPage();
    await openPrompts(page);
    const dialog = modal(page);
    expect((await dialog.boundingBox())?.width).toBe(800);

    // The current prompts are shown in 8-row text areas with character counts; no history yet.
    const shipped = await api<{ promptText: string }>(
      'GET',
      '/api/prompts/description',
      adminToken,
    );
    const description = dialog.getByRole('textbox', { name: 'Description Prompt' });
    await expect.poll(() => description.inputValue()).toBe(shipped.promptText);
    expect(await description.getAttribute('rows')).toBe('8');
    expect(
      await dialog.getByRole('textbox', { name: 'Blueprint Prompt' }).getAttribute('rows'),
    ).toBe('8');
    await expect
      .poll(() =>
        section(page, 'Description Prompt')
          .getByText(/ characters$/)
          .textContent(),
      )
      .toBe(`${shipped.promptText.length.toLocaleString('en-US')} characters`);
    await expect.poll(() => dialog.getByText('No history available').count()).toBe(2);
    await expectAccessible(page, 'the Prompt Management modal');

    // Two edits: each is announced and listed, newest first.
    const update = section(page, 'Description Prompt').getByRole('button', { name: 'Update' });
    await description.fill('First browser version of the description prompt.');
    await expect
      .poll(() =>
        section(page, 'Description Prompt')
          .getByText(/ characters$/)
          .textContent(),
      )
      .toBe('48 characters');
    await update.click();
    await expect
      .poll(() => dialog.getByRole('status').textContent())
      .toBe('Description prompt updated successfully');
    await expect.poll(() => historyEntries(page).count()).toBe(1);
    await description.fill('Second browser version.');
    await update.click();
    await expect.poll(() => historyEntries(page).count()).toBe(2);
    expect(await historyEntries(page).first().textContent()).toContain('Second browser version.');
    expect(await historyEntries(page).nth(1).textContent()).toContain(
      'First browser version of the description prompt.',
    );
    await expectAccessible(page, 'the Prompt Management modal with its history');
    // The blueprint prompt was not touched.
    expect(await section(page, 'Blueprint Prompt').getByText('No history available').count()).toBe(
      1,
    );

    // Deleting asks first, in the app's dialog; Cancel keeps the version.
    const newest = historyEntries(page)
      .first()
      .getByRole('button', { name: /^Delete/ });
    await newest.click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete Prompt' });
    await expect.poll(() => confirmDelete.isVisible()).toBe(true);
    await expectAccessible(page, 'the Delete Prompt dialog');
    await confirmDelete.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirmDelete.isVisible()).toBe(false);
    expect(await historyEntries(page).count()).toBe(2);
    // The focus is back on the Delete button that opened the dialog.
    expect(await newest.evaluate((button) => button === document.activeElement)).toBe(true);
    // Deleting the newest version makes the first one current again, here and on the server.
    await newest.click();
    await confirmDelete.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect
      .poll(() => dialog.getByRole('status').textContent())
      .toBe('Prompt deleted successfully');
    await expectAccessible(page, 'the Prompt Management modal after a deletion');
    await expect.poll(() => historyEntries(page).count()).toBe(1);
    expect(await description.inputValue()).toBe('First browser version of the description prompt.');
    const current = await api<{ promptText: string; source: string }>(
      'GET',
      '/api/prompts/description',
      adminToken,
    );
    expect(current).toMatchObject({
      promptText: 'First browser version of the description prompt.',
      source: 'organization',
    });

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    // The focus is back on the Prompts button that opened the modal.
    expect(
      await header(page)
        .getByRole('button', { name: 'Prompts' })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);
    await expectAccessible(page, 'the Q-Bot screen after the modal closed');
  });

  it("shows the spec's texts when the server fails", async () => {
    const { page } = await newPage();
    await page.route('**/api/prompts/*/history', (route) =>
      route.fulfill({ status: 500, json: { message: 'down' } }),
    );
    await openPrompts(page);
    const dialog = modal(page);
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('Failed to fetch prompt history');
    await expectAccessible(page, 'the Prompt Management modal with a failure');
    await page.unrouteAll();

    await page.route('**/api/prompts/blueprint', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { message: 'down' } })
        : route.fallback(),
    );
    await dialog.getByRole('textbox', { name: 'Blueprint Prompt' }).fill('Will not be saved');
    await section(page, 'Blueprint Prompt').getByRole('button', { name: 'Update' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('Failed to update blueprint prompt');
    await expectAccessible(page, 'the Prompt Management modal with a failed update');
    expect(await dialog.getByRole('status').count()).toBe(0);
  });

  it('shows no Prompts button to a member who is not an admin', async () => {
    const { page } = await newPage();
    await signInThroughUi(page, shop.memberEmail);
    await page.waitForURL('**/qbot');
    await header(page).getByRole('heading').waitFor();
    expect(await header(page).getByRole('button', { name: 'Prompts' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Prompts' }).count()).toBe(0);
    await expectAccessible(page, 'the Q-Bot screen of a member');
  });
});
