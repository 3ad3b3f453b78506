/**
 * Every screen on a phone (390 × 844, an iPhone 12 to 15 held upright): no page scrolls
 * sideways, tables stack their rows, and the Work Tracker is a drawer over the chat. Each screen
 * is saved as `test-results/screens-390/<screen>.png`, and the widths measured as
 * `test-results/screens-390/scroll-widths.json`.
 *
 * With `SCREENS_WIDE=<folder>` each screen is also saved at 1280 × 800 in
 * `test-results/<folder>/`, to compare the wide layout before and after a change
 * (docs/decisions/029-narrow-screens.md).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openFreshQbot, password, signInThroughUi, signUp, uniqueEmail, verify } from './api.ts';
import { usePages } from './browser.ts';

const root = join(import.meta.dirname, '../..');
const narrowDir = join(root, 'test-results/screens-390');
const wideDir = process.env.SCREENS_WIDE
  ? join(root, 'test-results', process.env.SCREENS_WIDE)
  : null;
const narrow = { width: 390, height: 844 };
const wide = { width: 1280, height: 800 };
const drawing = join(root, '../shared/blueprints/lathe/long_reamer_facer.dxf');

const { newPage } = usePages();

/** The document's scroll width at 390 px, per screen, written out after the file. */
const scrollWidths: Record<string, number> = {};

beforeAll(async () => {
  await mkdir(narrowDir, { recursive: true });
  if (wideDir) await mkdir(wideDir, { recursive: true });
});

afterAll(async () => {
  await writeFile(
    join(narrowDir, 'scroll-widths.json'),
    `${JSON.stringify(scrollWidths, null, 2)}\n`,
  );
});

/** A page of its own at 390 × 844. */
async function phone() {
  const opened = await newPage();
  await opened.page.setViewportSize(narrow);
  return opened;
}

/**
 * Check the screen on show: the document is no wider than the window, and every open dialog
 * fits in it; then save it (and, with SCREENS_WIDE, its wide twin). Failures are soft, so one
 * run measures every screen.
 */
async function screen(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  if (wideDir) {
    await page.setViewportSize(wide);
    await page.screenshot({
      path: join(wideDir, `${name}.png`),
      fullPage: true,
      animations: 'disabled',
    });
    await page.setViewportSize(narrow);
  }
  const measured = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    dialogs: [...document.querySelectorAll('dialog[open]')].map((dialog) => {
      const box = dialog.getBoundingClientRect();
      return {
        left: box.left,
        right: box.right,
        scrollWidth: dialog.scrollWidth,
        clientWidth: dialog.clientWidth,
      };
    }),
  }));
  scrollWidths[name] = measured.scrollWidth;
  expect
    .soft(measured.scrollWidth, `${name}: the page scrolls sideways`)
    .toBeLessThanOrEqual(measured.innerWidth);
  for (const dialog of measured.dialogs) {
    expect.soft(dialog.left, `${name}: the dialog starts off screen`).toBeGreaterThanOrEqual(0);
    expect
      .soft(dialog.right, `${name}: the dialog ends off screen`)
      .toBeLessThanOrEqual(measured.innerWidth);
    expect
      .soft(dialog.scrollWidth, `${name}: the dialog scrolls sideways`)
      .toBeLessThanOrEqual(dialog.clientWidth);
  }
  await page.screenshot({
    path: join(narrowDir, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

/** A button of the chat (its step widgets and input bar), not of the tracker. */
const chatButton = (page: Page, name: string) =>
  page.locator('.qbot-main').getByRole('button', { name, exact: true });

const focusedText = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

describe('every screen at 390 × 844', () => {
  it('signed-out screens: landing, sign-up, sign-in and its panels, password reset, Y-Bot', async () => {
    const { page } = await phone();
    await page.goto('/');
    await page.getByRole('heading').first().waitFor();
    await screen(page, 'landing');

    await page.goto('/signup');
    await page.getByLabel('Confirm Password').waitFor();
    await screen(page, 'signup');

    await page.goto('/signin');
    await page.getByLabel('Email Address').fill('not an address');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email is not a valid email address.').waitFor();
    await screen(page, 'signin');

    // An account whose address is not verified yet: the verify-email panel.
    const unverified = uniqueEmail('unverified');
    await signUp({ email: unverified, organization: `Narrow Shop ${unverified}` });
    await page.getByLabel('Email Address').fill(unverified);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Resend Verification Email' }).waitFor();
    await screen(page, 'signin-unverified');
    await page.getByRole('button', { name: 'Close' }).click();

    // An account with no organization: the panel that names one.
    const loner = uniqueEmail('loner');
    await signUp({ email: loner });
    await verify(loner);
    await page.getByLabel('Email Address').fill(loner);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Join or Create Organization' }).waitFor();
    await screen(page, 'signin-no-organization');

    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Reset Password' }).waitFor();
    await screen(page, 'forgot-password');

    await page.goto('/reset-password/not-a-real-token');
    await page.getByLabel('Confirm New Password:').waitFor();
    await screen(page, 'reset-password');

    await page.goto('/ybot');
    await page.getByRole('textbox', { name: 'Message' }).fill('Is a 390 px screen wide enough?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => page.locator('.chat-message.ai').last().textContent())
      .toContain('Is a 390 px screen wide enough?');
    await screen(page, 'ybot');
  });

  it('the shop screens: profile, organization, machines, tooling pairs and their dialogs', async () => {
    const demo = inject('demoAdmin');
    // A colleague waiting for approval, so the Pending Users table shows too.
    const colleague = uniqueEmail('pending');
    await signUp({
      email: colleague,
      firstName: 'Pat',
      lastName: 'Pending',
      organization: 'Demo Machine Shop',
    });
    await verify(colleague);

    const { page } = await phone();
    await signInThroughUi(page, demo.email, demo.password);
    await page.goto('/my-profile');
    await page.getByLabel('First Name').waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My Shop' }).waitFor();
    await screen(page, 'my-profile-menu');
    await page.keyboard.press('Escape');

    await page.goto('/my-organization');
    await page.getByRole('heading', { name: 'Pending Users' }).waitFor();
    await screen(page, 'my-organization');
    // The stacked rows keep their names and controls.
    await page
      .getByRole('row', { name: /Pat Pending/ })
      .getByRole('button', { name: 'Approve' })
      .waitFor();
    await page.getByRole('checkbox', { name: 'Admin: Demo Admin' }).click();
    const warning = page.getByRole('dialog', { name: 'Remove your own admin rights?' });
    await warning.waitFor();
    await screen(page, 'my-organization-warning');
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => warning.isVisible()).toBe(false);

    await page.goto('/my-shop');
    await page.getByRole('heading', { name: 'My Shop Machines' }).waitFor();
    await page.locator('table').first().waitFor();
    await screen(page, 'my-shop');

    await page.getByRole('link', { name: 'Add Machine' }).click();
    await page.getByLabel('Machine Type').selectOption({ label: 'Turning Center' });
    await page.getByLabel('Manufacturer').waitFor();
    await screen(page, 'add-machine');

    await page.goto('/my-shop');
    await page
      .getByRole('link', { name: /^Edit / })
      .first()
      .click();
    await expect.poll(() => page.getByLabel('Controller Model').inputValue()).not.toBe('');
    await screen(page, 'edit-machine');

    await page.goto('/my-shop');
    await page
      .getByRole('link', { name: /^Tooling of / })
      .first()
      .click();
    await page.getByRole('heading', { name: /^Tooling Pairs for / }).waitFor();
    const firstTool = page.getByRole('row', { name: /^tool / }).first();
    await firstTool.waitFor();
    await screen(page, 'tooling-pairs');

    // An edit row stays usable: every field is on screen and can be typed in, Update is there.
    await firstTool.getByRole('button', { name: /^Edit tool / }).click();
    const editing = page.locator('tr.editing').first();
    for (const label of ['Tool Slot', 'Tool', 'Description', 'Manufacturer', 'Hint']) {
      const input = editing.getByLabel(label, { exact: true });
      const box = await input.boundingBox();
      expect(box, label).not.toBeNull();
      expect.soft(box!.x, `${label} starts off screen`).toBeGreaterThanOrEqual(0);
      expect
        .soft(box!.x + box!.width, `${label} ends off screen`)
        .toBeLessThanOrEqual(narrow.width);
      expect.soft(box!.width, `${label} is too narrow to type in`).toBeGreaterThan(120);
    }
    await editing.getByLabel('Hint', { exact: true }).fill('NOHINT');
    await editing.getByRole('button', { name: 'Update' }).waitFor();
    await screen(page, 'tooling-pairs-edit');
    await editing.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Add New Tooling' }).click();
    await page.getByRole('row', { name: 'new tool' }).getByLabel('Tool Slot').waitFor();
    await screen(page, 'tooling-pairs-new');
    await page
      .getByRole('row', { name: 'new tool' })
      .getByRole('button', { name: 'Cancel' })
      .click();

    await firstTool.getByRole('button', { name: /^Delete tool / }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Tool' });
    await confirm.waitFor();
    await screen(page, 'tooling-pairs-delete');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
  });

  it('the Q-Bot screen through every step, with the Work Tracker as a drawer', async () => {
    const { page } = await newPage();
    const messageBox = await openFreshQbot(page, inject('demoAdmin'));
    await page.setViewportSize(narrow);
    await screen(page, 'qbot');

    await page.getByRole('button', { name: 'Prompts' }).click();
    await page.getByRole('dialog', { name: 'Prompt Management' }).waitFor();
    await screen(page, 'qbot-prompts');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.getByLabel('Drawing file').setInputFiles(drawing);
    await chatButton(page, 'Send').click();
    await chatButton(page, 'Change').waitFor({ timeout: 30_000 });
    await screen(page, 'qbot-description');
    await chatButton(page, 'Change').click();
    await page
      .getByLabel('What should change in the description?')
      .fill('Ø15.48 is 35 long, overall length 60');
    await screen(page, 'qbot-change-description');
    await chatButton(page, 'Update Description').click();
    await chatButton(page, 'Change').waitFor({ timeout: 30_000 });

    // The Work Tracker is closed over the chat; a labelled toggle opens it.
    const tracker = page.getByRole('complementary', { name: 'Work Tracker', includeHidden: true });
    const toggle = page.getByRole('button', { name: 'Work Tracker', exact: true });
    expect(await tracker.isVisible()).toBe(false);
    // Closed, it is out of the screen reader's way too.
    expect(await page.getByRole('complementary', { name: 'Work Tracker' }).count()).toBe(0);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const controlled = await toggle.getAttribute('aria-controls');
    expect(controlled).toBeTruthy();
    expect(await tracker.getAttribute('id')).toBe(controlled);
    await toggle.click();
    await expect.poll(() => tracker.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // Over the chat, inside the window (once it has slid in), with the focus in it.
    await expect.poll(async () => (await tracker.boundingBox())?.x).toBe(0);
    const drawerBox = (await tracker.boundingBox())!;
    const chatBox = (await page.locator('.qbot-main').boundingBox())!;
    expect(drawerBox.x).toBeGreaterThanOrEqual(0);
    expect(drawerBox.x + drawerBox.width).toBeLessThanOrEqual(narrow.width);
    expect(drawerBox.x).toBeLessThan(chatBox.x + chatBox.width / 2);
    expect(await focusedText(page)).toBe('Close the Work Tracker');
    await screen(page, 'qbot-tracker-drawer');
    // Escape closes it, and the focus goes back to the toggle.
    await page.keyboard.press('Escape');
    await expect.poll(() => tracker.isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await focusedText(page)).toBe('');
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    // So does its close button.
    await toggle.click();
    await tracker.getByRole('button', { name: 'Close the Work Tracker' }).click();
    await expect.poll(() => tracker.isVisible()).toBe(false);
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);

    const step = async (name: string, ready: () => Promise<unknown>) => {
      await ready();
      await screen(page, name);
    };
    await chatButton(page, 'Confirm').click();
    await step('qbot-material', () =>
      page.locator('.step-widget input[type="radio"]').first().waitFor(),
    );
    await page.locator('.step-widget input[type="radio"]').first().check();
    await chatButton(page, 'Confirm').click();
    await step('qbot-material-size', () => page.getByLabel('Material size').waitFor());
    await chatButton(page, 'Submit').click();
    await step('qbot-job-type', () => page.getByLabel('Lathe', { exact: true }).waitFor());
    await page.getByLabel('Lathe', { exact: true }).check();
    await chatButton(page, 'Confirm').click();
    await step('qbot-machine', () => page.getByLabel(/Tormach 15L Slant-PRO/).waitFor());
    await page.getByLabel(/Tormach 15L Slant-PRO/).check();
    await chatButton(page, 'Confirm').click();
    await step('qbot-tools', () => chatButton(page, 'Select All').waitFor());
    await chatButton(page, 'Select All').click();
    await chatButton(page, 'Confirm').click();
    await step('qbot-summary', () => chatButton(page, 'Confirm Description').waitFor());

    // A done step in the drawer asks before going back; the dialog fits the phone too.
    await toggle.click();
    await tracker.getByRole('button', { name: 'Choose Material Stock' }).click();
    const reset = page.getByRole('dialog', { name: 'Confirm Reset' });
    await reset.waitFor();
    await screen(page, 'qbot-confirm-reset');
    await reset.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => reset.isVisible()).toBe(false);
    await tracker.getByRole('button', { name: 'Close the Work Tracker' }).click();
    await expect.poll(() => tracker.isVisible()).toBe(false);

    await chatButton(page, 'Confirm Description').click();
    await step('qbot-generate', () => chatButton(page, 'Generate G-Code').waitFor());
    await chatButton(page, 'Generate G-Code').click();
    await step('qbot-download', async () => {
      await chatButton(page, 'Download').waitFor({ timeout: 60_000 });
      await page.locator('.backplot-view svg').waitFor({ timeout: 30_000 });
    });
    await Promise.all([page.waitForEvent('download'), chatButton(page, 'Download').click()]);
    await step('qbot-simulate', () => chatButton(page, 'No, Found Issues').waitFor());
    await chatButton(page, 'No, Found Issues').click();
    await page
      .getByLabel('What went wrong in the simulation?')
      .fill('Heavy chatter on the finishing pass of the long diameter.');
    await screen(page, 'qbot-simulation-feedback');
    await chatButton(page, 'Submit Feedback').click();
    await step('qbot-feedback-analysis', () =>
      chatButton(page, 'Regenerate G-Code with Changes').waitFor({ timeout: 30_000 }),
    );
    await chatButton(page, 'Cancel').click();
    await chatButton(page, 'Yes, Simulation Successful').click();
    await step('qbot-fabricate', () => chatButton(page, 'Upload Another Blueprint').waitFor());

    // Cancel Workflow, from the drawer, asks first.
    await toggle.click();
    await tracker.getByRole('button', { name: 'Cancel Workflow' }).click();
    const cancel = page.getByRole('dialog', { name: 'Confirm Cancellation' });
    await cancel.waitFor();
    await screen(page, 'qbot-confirm-cancel');
    await cancel.getByRole('button', { name: 'Cancel Workflow' }).click();
    await expect.poll(() => page.locator('.tracker').count()).toBe(0);
    await expect.poll(() => messageBox.isEnabled()).toBe(true);
  }, 240_000);
});
