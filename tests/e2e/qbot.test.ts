/**
 * The main job in the browser, as a newcomer does it: sign in as the demo shop's admin, upload a
 * real drawing, walk every step to the download, report a problem, regenerate, finish; then
 * reset to an earlier tracker step, reload in the middle, and cancel.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { signInThroughUi } from './api.ts';
import { usePages } from './browser.ts';
import { expectAccessible } from './axe.ts';

const drawing = join(import.meta.dirname, '../../../shared/blueprints/lathe/long_reamer_facer.dxf');

const { newPage } = usePages();

/** The demo admin, signed in on a page of its own; alerts are recorded and accepted. */
async function demoAdmin(): Promise<{ page: Page; alerts: string[] }> {
  const { page, dialogs } = await newPage();
  const { email, password } = inject('demoAdmin');
  await signInThroughUi(page, email, password);
  await page.goto('/qbot');
  return { page, alerts: dialogs };
}

/** A button of the chat (its step widgets and input bar), not of the tracker. */
const button = (page: Page, name: string) =>
  page.locator('.qbot-main').getByRole('button', { name, exact: true });

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** The tracker step marked as current. */
const currentTrackerStep = (page: Page) =>
  page
    .locator('.tracker-step[aria-current="step"] > span:not(.tracker-icon)')
    .first()
    .textContent();

/**
 * Start a fresh workflow (whatever the last test left), upload the reamer drawing and give the
 * length that is turned.
 */
async function uploadDrawing(page: Page) {
  await messageBox(page).waitFor();
  const cancel = page.locator('.tracker-cancel');
  if (await cancel.isVisible()) {
    await cancel.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Workflow' }).click();
  }
  await expect.poll(() => messageBox(page).isEnabled()).toBe(true);
  await page.getByLabel('Drawing file').setInputFiles(drawing);
  await button(page, 'Send').click();
  await button(page, 'Change').waitFor({ timeout: 30_000 });
  // The reamer is "875 mm or longer (not to scale)": only its end is turned, from bar.
  await button(page, 'Change').click();
  await expectAccessible(page, 'the change description step');
  await page
    .getByLabel('What should change in the description?')
    .fill('Ø15.48 is 35 long, overall length 60');
  await button(page, 'Update Description').click();
  await button(page, 'Change').waitFor({ timeout: 30_000 });
}

async function chooseFirst(page: Page, confirm = 'Confirm') {
  await page.locator('.step-widget input[type="radio"]').first().check();
  await button(page, confirm).click();
}

/** From the description to the summary, choosing the Tormach and every tool. */
async function walkToSummary(page: Page) {
  await button(page, 'Confirm').click();
  await chooseFirst(page); // material
  await page.getByLabel('Material size').waitFor();
  await button(page, 'Submit').click(); // the suggested size
  await page.getByLabel('Lathe', { exact: true }).check();
  await button(page, 'Confirm').click();
  await page.getByLabel(/Tormach 15L Slant-PRO/).check();
  await button(page, 'Confirm').click();
  await button(page, 'Select All').click();
  await button(page, 'Confirm').click();
  await button(page, 'Confirm Description').waitFor();
}

interface DownloadedProgram {
  name: string;
  text: string;
  /** The verification summary shown beside the Download button. */
  heading: string | null;
  failedChecks: number;
}

/** Download the program on show, reading its verification summary first. */
async function downloadProgram(page: Page): Promise<DownloadedProgram> {
  await button(page, 'Download').waitFor({ timeout: 60_000 });
  await expectAccessible(page, 'the download step');
  const heading = await page.locator('.program-panel h4').textContent();
  const failedChecks = await page.locator('.checks li.failed').count();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    button(page, 'Download').click(),
  ]);
  const text = await readFile(await download.path(), 'utf8');
  return { name: download.suggestedFilename(), text, heading, failedChecks };
}

async function generateAndDownload(page: Page): Promise<DownloadedProgram> {
  await button(page, 'Generate G-Code').click();
  return downloadProgram(page);
}

/**
 * Open a version's setup sheet from `link` (a new tab), and read it as the operator does: the
 * heading with the part and version, the tool table with the program's tools, the backplot; on
 * a phone no sideways scrolling; printed without the app's chrome and buttons.
 */
async function checkSetupSheet(page: Page, link: Locator, version: number) {
  const [sheet] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  const pageErrors: Error[] = [];
  sheet.on('pageerror', (error) => pageErrors.push(error));
  try {
    await sheet.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
    expect(await sheet.getByRole('heading', { level: 1 }).textContent()).toContain(
      `program version ${version}`,
    );
    expect(new URL(sheet.url()).pathname).toBe('/setup-sheet');
    const tools = sheet.locator('.sheet-tools tbody tr');
    await expect.poll(() => tools.count()).toBeGreaterThan(1);
    expect(await tools.first().textContent()).toMatch(/^T\d+/);
    expect(await sheet.locator('.sheet-tools').textContent()).toContain('tool table');
    expect(await sheet.locator('.sheet-zero').textContent()).toContain('G54: Z0');
    await expect.poll(() => sheet.locator('.backplot-view svg').count()).toBe(1);
    await sheet.getByRole('button', { name: 'Print' }).waitFor();
    await expectAccessible(sheet, 'the setup sheet');
    const screenshot = async (name: string) => {
      if (process.env.E2E_SCREENSHOTS)
        await sheet.screenshot({ path: `/tmp/e2e-setup-sheet-${name}.png`, fullPage: true });
    };
    await screenshot('desktop');
    await sheet.setViewportSize({ width: 375, height: 800 });
    await expect
      .poll(() => sheet.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(375);
    await screenshot('phone');
    // A4 at 96 dpi less the page's margins.
    await sheet.setViewportSize({ width: 700, height: 1000 });
    await sheet.emulateMedia({ media: 'print' });
    await screenshot('print');
    expect(await sheet.locator('.topbar').isVisible()).toBe(false);
    expect(await sheet.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await tools.first().isVisible()).toBe(true);
    expect(pageErrors).toEqual([]);
  } finally {
    await sheet.close();
  }
}

/** The surface speeds (G96 S, m/min) of a LinuxCNC lathe program. */
const spindleSpeeds = (program: string) =>
  [...program.matchAll(/\bG96 D\d+ S(\d+(?:\.\d+)?)/g)].map((match) => Number(match[1]));

describe('the Q-Bot workflow in the browser', () => {
  it('walks a real drawing to verified G-code, regenerates after feedback and finishes', async () => {
    const { page, alerts } = await demoAdmin();
    await uploadDrawing(page);
    expect(await currentTrackerStep(page)).toBe('Confirm Description');
    // The description read from the DXF shows the reamer's diameters.
    await expect.poll(() => page.locator('.step-widget').first().textContent()).toContain('Ø');
    await expectAccessible(page, 'the description step');

    await button(page, 'Confirm').click();
    // Confirming a material with nothing chosen is refused with the spec's alert.
    await button(page, 'Confirm').click();
    await expect.poll(() => alerts.length).toBe(1);
    await expectAccessible(page, 'the material step');
    await chooseFirst(page);
    await page.getByLabel('Material size').waitFor();
    await expectAccessible(page, 'the size step');
    await button(page, 'Submit').click();
    await page.getByLabel('Lathe', { exact: true }).waitFor();
    await expectAccessible(page, 'the job type step');
    await page.getByLabel('Lathe', { exact: true }).check();
    await button(page, 'Confirm').click();
    await page.getByLabel(/Tormach 15L Slant-PRO/).waitFor();
    await expectAccessible(page, 'the machine step');
    await page.getByLabel(/Tormach 15L Slant-PRO/).check();
    await button(page, 'Confirm').click();
    await button(page, 'Select All').waitFor();
    await expectAccessible(page, 'the tools step');
    await button(page, 'Confirm').click();
    await expect.poll(() => alerts.length).toBe(2);
    await button(page, 'Select All').click();
    await button(page, 'Confirm').click();
    await button(page, 'Confirm Description').waitFor();
    await expectAccessible(page, 'the summary step');
    await button(page, 'Confirm Description').click();
    expect(await currentTrackerStep(page)).toBe('Generate G-Code');
    await expectAccessible(page, 'the generate step');

    const first = await generateAndDownload(page);
    expect(first.name).toMatch(/\.nc$/);
    expect(first.text).toMatch(/^G7\b/m); // LinuxCNC lathe: diameter mode
    expect(first.text).toMatch(/^M30\b/m);
    expect(first.heading).toContain('Program version 1');
    expect(first.failedChecks).toBe(0);

    // The program stays in the chat after its download, and downloads again from there.
    const record = page.locator('.program-record');
    await record.locator(':scope > summary').click();
    await expect
      .poll(() => record.locator('.program-panel h4').textContent())
      .toContain('Program version 1');
    await expect
      .poll(() => record.locator('.operation-report tbody tr').count())
      .toBeGreaterThan(0);
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      record.getByRole('button', { name: 'Download again' }).click(),
    ]);
    expect(await readFile(await again.path(), 'utf8')).toBe(first.text);
    await checkSetupSheet(page, record.getByRole('link', { name: 'Setup sheet' }), 1);

    // The operator finds chatter: the analysis asks for a new program with slower speeds.
    await expectAccessible(page, 'the simulation step');
    await button(page, 'No, Found Issues').click();
    await page.getByLabel('What went wrong in the simulation?').waitFor();
    await expectAccessible(page, 'the simulation feedback step');
    await button(page, 'Submit Feedback').click(); // empty: the spec's alert, nothing sent
    await expect.poll(() => alerts.length).toBe(3);
    await page
      .getByLabel('What went wrong in the simulation?')
      .fill('Heavy chatter on the finishing pass of the long diameter.');
    await button(page, 'Submit Feedback').click();
    await button(page, 'Regenerate G-Code with Changes').waitFor();
    await expectAccessible(page, 'the analysis of the feedback');
    await button(page, 'Regenerate G-Code with Changes').click();
    // The first version stays downloadable beside the second.
    await button(page, 'Download').waitFor({ timeout: 60_000 });
    const [earlier] = await Promise.all([
      page.waitForEvent('download'),
      page
        .locator('.download .earlier-programs')
        .getByRole('button', { name: 'Download version 1' })
        .click(),
    ]);
    expect(await readFile(await earlier.path(), 'utf8')).toBe(first.text);
    // …and so does its setup sheet.
    expect(
      await page
        .locator('.download .earlier-programs')
        .getByRole('link', { name: 'Setup sheet of version 1' })
        .getAttribute('href'),
    ).toMatch(/^\/setup-sheet\?threadId=[0-9a-f-]{36}&version=1$/);
    const second = await downloadProgram(page);
    expect(second.heading).toContain('Program version 2');
    expect(second.failedChecks).toBe(0);
    // Chatter: the analysis lowered the spindle speeds, and the new program shows it.
    expect(Math.max(...spindleSpeeds(second.text))).toBeLessThan(
      Math.max(...spindleSpeeds(first.text)),
    );

    await button(page, 'Yes, Simulation Successful').click();
    await page.getByText('Workflow complete.').waitFor();
    await expectAccessible(page, 'the end of the workflow');
    expect(await currentTrackerStep(page)).toBe('Fabricate in Machine');
    await button(page, 'Upload Another Blueprint').click();
    await expect.poll(() => page.locator('.tracker').count()).toBe(0);
    await expect.poll(() => messageBox(page).isEnabled()).toBe(true);
    await expectAccessible(page, 'the greeting after the workflow');
  }, 180_000);

  it('resets to an earlier tracker step after the confirmation', async () => {
    const { page } = await demoAdmin();
    await uploadDrawing(page);
    await button(page, 'Confirm').click();
    await chooseFirst(page);
    await page.getByLabel('Material size').waitFor();
    expect(await currentTrackerStep(page)).toBe('Choose Material Size');

    // Dismissing the dialog changes nothing; confirming goes back to the description.
    await page.locator('.tracker').getByRole('button', { name: 'Confirm Description' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe('Confirm Reset');
    await expectAccessible(page, 'the Confirm Reset dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await currentTrackerStep(page)).toBe('Choose Material Size');
    await page.locator('.tracker').getByRole('button', { name: 'Confirm Description' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await button(page, 'Change').waitFor();
    expect(await currentTrackerStep(page)).toBe('Confirm Description');

    // The server went back too: a reload shows the same step.
    await page.reload();
    await button(page, 'Change').waitFor();
    expect(await currentTrackerStep(page)).toBe('Confirm Description');
  });

  it('resumes at the same step with the same choices after a reload', async () => {
    const { page } = await demoAdmin();
    await uploadDrawing(page);
    await walkToSummary(page);
    const summary = await page.locator('dl.summary').textContent();
    expect(summary).toContain('Tormach 15L Slant-PRO');

    await page.reload();
    await button(page, 'Confirm Description').waitFor();
    expect(await page.locator('dl.summary').textContent()).toBe(summary);
    expect(await currentTrackerStep(page)).toBe('Confirm Job Summary');
    await button(page, 'Confirm Description').click();
    const program = await generateAndDownload(page);
    expect(program.text).toContain('Tormach 15L Slant-PRO');
  });

  it('cancels the workflow after the confirmation and starts clean', async () => {
    const { page } = await demoAdmin();
    await uploadDrawing(page);
    await button(page, 'Confirm').click();

    await page.locator('.tracker-cancel').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe('Confirm Cancellation');
    await expectAccessible(page, 'the Confirm Cancellation dialog');
    await dialog.getByRole('button', { name: 'Go Back' }).click();
    expect(await currentTrackerStep(page)).toBe('Choose Material Stock');

    await page.locator('.tracker-cancel').click();
    await dialog.getByRole('button', { name: 'Cancel Workflow' }).click();
    await expect.poll(() => page.locator('.tracker').count()).toBe(0);
    await page.reload();
    await expect.poll(() => messageBox(page).isEnabled()).toBe(true);
    await expect.poll(() => page.locator('.tracker').count()).toBe(0);
  });
});
