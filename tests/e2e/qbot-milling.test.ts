/**
 * A plate through the browser: sign in as the demo admin, upload a real mill drawing, give the
 * plate's size, choose Milling on the Haas VF-2, and see the toolpath drawn over the part with
 * zoom. No loaded end mill fits the star cut-out's R0.2 corners: the program is shown in amber
 * as incomplete, never verified, with what it leaves undone, and is downloaded only on purpose,
 * its header saying so too.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openFreshQbot } from './api.ts';
import { usePages } from './browser.ts';
import { expectAccessible } from './axe.ts';

const drawing = join(import.meta.dirname, '../../../shared/blueprints/mill-edm/FLH-001.dxf');

const { newPage } = usePages();

const button = (page: Page, name: string) =>
  page.locator('.qbot-main').getByRole('button', { name, exact: true });

const viewBox = (page: Page) => page.locator('.backplot-view svg').getAttribute('viewBox');

describe('a plate in the browser', () => {
  it('goes from a mill drawing to a backplot with zoom and an incomplete Haas program, downloaded on purpose', async () => {
    const { page } = await newPage();
    await openFreshQbot(page, inject('demoAdmin'));
    await page.getByLabel('Drawing file').setInputFiles(drawing);
    await button(page, 'Send').click();
    await button(page, 'Change').waitFor({ timeout: 30_000 });
    // The reader saw a plate and says which job types make it.
    await expect
      .poll(() => page.locator('.step-widget').first().textContent())
      .toContain('Milling');
    await expectAccessible(page, 'the description of a plate');

    await button(page, 'Confirm').click();
    await page.locator('.step-widget input[type="radio"]').first().check();
    await button(page, 'Confirm').click();
    await page.getByLabel('Material size').waitFor();
    await expectAccessible(page, 'the size step of a plate');
    await page.getByLabel('Material size').fill('Plate 180 x 80 x 10 mm');
    await button(page, 'Submit').click();
    await page.getByLabel('Milling', { exact: true }).check();
    await button(page, 'Confirm').click();
    await page.getByLabel(/Haas VF-2/).check();
    await button(page, 'Confirm').click();
    await button(page, 'Select All').click();
    await button(page, 'Confirm').click();
    await button(page, 'Confirm Description').click();
    await button(page, 'Generate G-Code').click();
    await button(page, 'Download anyway').waitFor({ timeout: 60_000 });

    // In amber, never green: what is left undone, and why.
    await page.locator('.program-status.incomplete').waitFor();
    expect(await page.locator('.program-status.verified').count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Left undone' }).textContent()).toMatch(
      /^Cut-out 79\.68 × 56 mm: no selected end mill both fits it and reaches its 9\.5 mm depth: .*add an end mill of Ø3\.4 or less with at least 9\.5 mm of flute, or cut it by Wire EDM$/,
    );
    expect(await page.locator('.chat-message.warning').last().textContent()).toMatch(
      /written but not verified: it leaves one thing of the drawing undone\. Left undone: Cut-out 79\.68 × 56 mm/,
    );
    const cycleTime = await page.locator('.program-panel .cycle-time').textContent();
    expect(cycleTime).toMatch(/^Estimated cycle time: \d+ (h|min|s)/);

    // The backplot: the part and the toolpath, rapids dashed; zoom changes the view and Fit
    // brings it back.
    await page.locator('.backplot-view svg').waitFor();
    await expectAccessible(page, 'the download step of an incomplete program, with its backplot');
    expect(await page.locator('.backplot-view svg path[stroke-dasharray]').count()).toBeGreaterThan(
      0,
    );
    const whole = await viewBox(page);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    const zoomed = await viewBox(page);
    expect(zoomed).not.toBe(whole);
    const width = (box: string | null) => Number(box!.split(/\s+/)[2]);
    expect(width(zoomed)).toBeLessThan(width(whole));
    await page.getByRole('button', { name: 'Fit' }).click();
    expect(await viewBox(page)).toBe(whole);

    // Downloaded only on purpose.
    expect(await button(page, 'Download anyway').isDisabled()).toBe(true);
    await page.getByLabel(/I know this program leaves part of the drawing undone/).check();
    await expectAccessible(page, 'the download step of an incomplete program, accepted');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      button(page, 'Download anyway').click(),
    ]);
    const text = await readFile(await download.path(), 'utf8');
    expect(text).toMatch(/^\(NOTE: INCOMPLETE, NOT VERIFIED: IT LEAVES 1 THING/m);
    expect(text).toMatch(/^O\d{5} \(FLH-001\)/m); // Haas NGC program number
    expect(text).toMatch(/^G43 H\d+/m);
    expect(text).toContain(`ESTIMATED CYCLE TIME ${cycleTime!.split(': ')[1]!.toUpperCase()}`);
  }, 180_000);
});
