/**
 * The dead ends a new shop owner met (issue 16), each walked to its way out in the browser: a
 * lathe that is only Inactive at the machine step, and a generation refused for a tool whose
 * size is not written. The fixes are made where a user makes them (My Shop, Tooling Pairs, in a
 * new tab), and the same step continues without a tracker reset.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInThroughUi, signUp, uniqueEmail, verify } from './api.ts';
import { expectAccessible } from './axe.ts';
import { usePages } from './browser.ts';
import { confirmReamerDescription } from './reamer.ts';

const plateDrawing = join(import.meta.dirname, '../../../shared/blueprints/mill-edm/FLH-001.dxf');

const { newPage } = usePages();

const chat = (page: Page) => page.locator('.qbot-main');
const button = (page: Page, name: string) => chat(page).getByRole('button', { name, exact: true });

/** Add a Tormach 15L Slant-PRO with PathPilot to the shop in Add Machine, Active unless said. */
async function addTormach15L(page: Page, name: string, serial: string, status?: 'Inactive') {
  await page.goto('/add-machine');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Serial Number').fill(serial);
  if (status) await page.getByLabel('Status').selectOption({ label: status });
  await page.getByLabel('Machine Type').selectOption({ label: 'Turning Center' });
  await page.getByLabel('Manufacturer').selectOption({ label: 'Tormach' });
  await page.getByLabel('Model', { exact: true }).selectOption({ label: '15L Slant-PRO' });
  await page.getByLabel('Controller Type').selectOption({ label: 'Tormach PathPilot' });
  await page.getByLabel('Controller Model').selectOption({ label: 'PathPilot' });
  await page.getByRole('button', { name: 'Add Machine To My Shop' }).click();
  await page.waitForURL('**/my-shop');
}

/**
 * Upload the long reamer on the Q-Bot screen, say with Change what is turned, confirm, and take
 * the first material: the size step is next.
 */
async function reamerToSizeStep(page: Page) {
  await confirmReamerDescription(page);
  await page.locator('.step-widget input[type="radio"]').first().check();
  await button(page, 'Confirm').click();
}

/** Add a tool row on the Tooling Pairs page. */
async function addTool(page: Page, values: Record<string, string>) {
  await page.getByRole('button', { name: 'Add New Tooling' }).click();
  const row = page.getByRole('row', { name: 'new tool' });
  for (const [label, value] of Object.entries(values)) {
    if (label === 'Type') await row.getByLabel('Type').selectOption(value);
    else await row.getByLabel(label, { exact: true }).fill(value);
  }
  await row.getByRole('button', { name: 'Update' }).click();
  await expect
    .poll(() => page.getByRole('row', { name: `tool ${values['Tool Slot']}` }).isVisible())
    .toBe(true);
}

/** The text of the row that says how programs read a tool. */
const reading = (page: Page, slot: string) =>
  page.getByRole('row', { name: `How programs read ${slot}` }).textContent();

describe('no dead end for a new shop', () => {
  it('walks an inactive lathe and an unreadable blade to their way out', async () => {
    const email = uniqueEmail('owner');
    await signUp({ email, firstName: 'Olga', lastName: 'Owner', organization: `Shop ${email}` });
    await verify(email);
    const { page } = await newPage();
    await signInThroughUi(page, email);

    // A lathe, added Inactive, with a turning insert and a parting blade whose width is not written.
    await addTormach15L(page, 'Slant lathe', 'SL-1', 'Inactive');
    await page.getByRole('link', { name: 'Tooling of Slant lathe' }).click();
    await page.getByRole('heading', { name: 'Tooling Pairs for Slant lathe' }).waitFor();
    const tool = { Description: 'insert', Manufacturer: 'Sandvik Coromant', Hint: 'NOHINT' };
    await addTool(page, { 'Tool Slot': 'T1', Tool: 'CNMG 120408', Type: 'Turning', ...tool });
    await addTool(page, { 'Tool Slot': 'T2', Tool: 'Parting blade', Type: 'Cutting', ...tool });
    // Each row says at once what the programs understand of it, or why they cannot use it.
    await expect
      .poll(() => reading(page, 'T1'))
      .toContain(
        'Understood: External turning tool: ISO C insert (80°), 12 mm edge, nose radius 0.8 mm',
      );
    await expect
      .poll(() => reading(page, 'T2'))
      .toContain(
        'Not used: Parting (cut-off) blade, but its width is not in its name or description',
      );
    await expect
      .poll(() => page.locator('.readiness-missing').textContent())
      .toContain('No parting blade');
    await expectAccessible(page, 'Tooling Pairs with the tools read');

    // The machine step: the spec's message, the inactive lathe named, and a way on.
    await page.goto('/qbot');
    await reamerToSizeStep(page);
    await page.getByLabel('Material size').waitFor();
    await button(page, 'Submit').click();
    await page.getByLabel('Lathe', { exact: true }).check();
    await button(page, 'Confirm').click();
    await button(page, 'Check Again').waitFor();
    const chatText = () => chat(page).textContent();
    expect(await chatText()).toContain(
      'No Machines of type Lathe are currently configured. Please configure in My Shop.',
    );
    expect(await chatText()).toContain(
      "Lathe jobs run on machines of type 'Turning Center'. Your shop has one, but it is Inactive: Slant lathe (SL-1).",
    );
    await expectAccessible(page, 'the machine step with no active machine');

    // The way out: My Shop in a new tab, the lathe set Active, then Check Again.
    const [shop] = await Promise.all([
      page.context().waitForEvent('page'),
      chat(page).getByRole('link', { name: 'Open My Shop' }).click(),
    ]);
    await shop.getByRole('link', { name: 'Edit Slant lathe' }).click();
    await expect.poll(() => shop.getByLabel('Controller Model').inputValue()).not.toBe('');
    await shop.getByLabel('Status').selectOption({ label: 'Active' });
    await shop.getByRole('button', { name: 'Update Machine' }).click();
    await shop.waitForURL('**/my-shop');
    await shop.close();
    await button(page, 'Check Again').click();
    await page.getByLabel(/Slant lathe/).check();
    await button(page, 'Confirm').click();
    await button(page, 'Select All').click();
    await button(page, 'Confirm').click();
    await button(page, 'Confirm Description').click();
    await button(page, 'Generate G-Code').click();

    // Generation refused: everything missing said once, with the ways on.
    await button(page, 'Try Again').waitFor({ timeout: 60_000 });
    const text = (await chatText()) ?? '';
    expect(text.split('This part needs tools the selected ones do not give').length - 1).toBe(1);
    expect(text).toContain('the width of T2 Parting blade');
    // A missing parting blade is not a refusal (decision 060): only the unreadable width is.
    expect(text).not.toContain('a parting (cut-off) tool to cut the part off');
    await expectAccessible(page, 'a refused generation');

    // The way out: the blade's width written in Tooling Pairs, then Try Again.
    const [tooling] = await Promise.all([
      page.context().waitForEvent('page'),
      chat(page).getByRole('link', { name: 'Open Tooling Pairs for Slant lathe' }).click(),
    ]);
    const t2 = tooling.getByRole('row', { name: 'tool T2' });
    await t2.getByRole('button', { name: 'Edit tool T2' }).click();
    await t2.getByLabel('Tool', { exact: true }).fill('Parting blade 3 mm wide');
    await t2.getByRole('button', { name: 'Update' }).click();
    await expect
      .poll(() => reading(tooling, 'T2'))
      .toContain('Understood: Parting (cut-off) blade 3 mm wide');
    await tooling.close();
    await button(page, 'Try Again').click();
    await chat(page)
      .getByRole('button', { name: /^Download( anyway)?$/ })
      .waitFor({ timeout: 60_000 });
  });

  it('says at the machine step which lathe cannot take the stock, and why, before tools are chosen', async () => {
    const email = uniqueEmail('bigbar');
    await signUp({ email, organization: `Big bars ${email}` });
    await verify(email);
    const { page } = await newPage();
    await signInThroughUi(page, email);
    // A Tormach 15L: it turns up to Ø152 (its 6-inch chuck) and takes bar to Ø28.5 through
    // its spindle.
    await addTormach15L(page, 'Small lathe', 'SL-2');

    await page.goto('/qbot');
    await reamerToSizeStep(page);
    await page.getByLabel('Material size').fill('Ø200 x 100 round bar');
    await button(page, 'Submit').click();
    await page.getByLabel('Lathe', { exact: true }).check();
    await button(page, 'Confirm').click();
    // The list says it under the machine's name; choosing it is refused by name and why.
    const option = page.getByLabel(/Small lathe/);
    await option.waitFor();
    expect(await chat(page).locator('.choice', { hasText: 'Small lathe' }).textContent()).toContain(
      'Cannot take this job: the stock Ø200 mm is larger than Small lathe turns (Ø152 mm).',
    );
    await option.check();
    await button(page, 'Confirm').click();
    await expect
      .poll(() => chat(page).textContent())
      .toContain(
        'Small lathe (SL-2) cannot take this job: the stock Ø200 mm is larger than Small lathe turns (Ø152 mm). Choose another machine, or go back to Choose Material Size for other stock.',
      );
    expect(await button(page, 'Select All').count()).toBe(0);
    await expectAccessible(page, 'a machine that cannot take the stock');
  });

  it('asks for the plate thickness a drawing does not give, and sends a lathe job back to the description', async () => {
    const email = uniqueEmail('plater');
    await signUp({ email, organization: `Plates ${email}` });
    await verify(email);
    const { page } = await newPage();
    await signInThroughUi(page, email);
    await page.goto('/qbot');
    // FLH-001 draws the plate's top view only: no side view, no thickness.
    await page.getByLabel('Drawing file').setInputFiles(plateDrawing);
    await button(page, 'Send').click();
    await button(page, 'Confirm').waitFor({ timeout: 30_000 });
    await button(page, 'Confirm').click();
    await page.locator('.step-widget input[type="radio"]').first().check();
    await button(page, 'Confirm').click();
    await page.getByLabel('Material size').waitFor();
    // Left blank, the suggestion without a thickness is not taken: the step asks for it.
    await button(page, 'Submit').click();
    await expect
      .poll(() => chat(page).textContent())
      .toMatch(/The drawing gives no thickness .*: how thick is the plate\?/);
    expect(await page.getByLabel('Milling', { exact: true }).count()).toBe(0);
    // The thickness alone answers it: the suggested plate is completed.
    await page.getByLabel('Material size').fill('12 mm');
    await button(page, 'Submit').click();
    await page.getByLabel('Milling', { exact: true }).waitFor();
    await expect.poll(() => chat(page).textContent()).toMatch(/Plate \d+ x \d+ x 12 mm/);
    // A lathe job on the plate goes back to the description, naming what a lathe lacks (062).
    await page.getByLabel('Lathe', { exact: true }).check();
    await button(page, 'Confirm').click();
    await expect
      .poll(() => chat(page).textContent())
      .toContain(
        'A lathe program needs what the description does not give: the outer diameters of the part (none are given).',
      );
    await button(page, 'Change').waitFor();
    expect(await page.getByLabel('Milling', { exact: true }).count()).toBe(0);
  });
});
