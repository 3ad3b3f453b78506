/**
 * The description step's values table in the browser (decision 049): a value changed in the
 * table and saved, the overview's first sentence and the size step's suggestion following it.
 */
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { qbotExtraMessages } from '#contracts/qbot-workflow';
import { openFreshQbot } from './api.ts';
import { usePages } from './browser.ts';
import { expectAccessible } from './axe.ts';

const drawing = join(import.meta.dirname, '../../../shared/blueprints/lathe/long_reamer_facer.dxf');

const scan = join(import.meta.dirname, '../../../shared/blueprints/lathe/BM_part.jpg');

const { newPage } = usePages();

const button = (page: Page, name: string) =>
  page.locator('.qbot-main').getByRole('button', { name, exact: true });

describe('the values table', () => {
  it('changes a diameter in the table; the overview and the size suggestion follow', async () => {
    const { page } = await newPage();
    await openFreshQbot(page, inject('demoAdmin'));
    await page.getByLabel('Drawing file').setInputFiles(drawing);
    await button(page, 'Send').click();
    await button(page, 'Change').waitFor({ timeout: 30_000 });

    // The overall length in the table (the drawing says '875 mm or longer'), then Ø15.48 → Ø24.
    await page.locator('.values-table > summary').click();
    await expectAccessible(page, 'the values table');
    await page.getByRole('button', { name: 'Change Overall length' }).click();
    await page.getByRole('textbox', { name: 'Overall length (mm)' }).fill('60');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByRole('button', { name: 'Change Outer diameter 3, Ø' }).click();
    const box = page.getByRole('textbox', { name: 'Outer diameter 3, Ø (mm)' });
    await expect.poll(() => box.inputValue()).toBe('15.48');
    await box.fill('24');
    await box.press('Enter');
    await button(page, 'Save values').click();
    await page
      .locator('.chat-messages, .qbot-main')
      .getByText(qbotExtraMessages.valuesSaved)
      .last()
      .waitFor({ timeout: 30_000 });
    const overview = page.locator('.step-widget .description > p').first();
    await expect
      .poll(() => overview.textContent())
      .toMatch(/^Turned part, 60 mm long: 3 outer diameters \(.*Ø24.*\)/);
    await expect
      .poll(() => page.locator('tr[data-row="outer.2.diameter"] td').first().textContent())
      .toBe('Ø24');

    // The size step suggests a bar for Ø24, not the Ø16 of the drawing as read.
    await button(page, 'Confirm').click();
    await page.locator('.step-widget input[type="radio"]').first().check();
    await button(page, 'Confirm').click();
    const size = page.getByLabel('Material size');
    await size.waitFor();
    const suggested = (await size.getAttribute('placeholder')) ?? '';
    expect(suggested).toMatch(/Round bar Ø(2[4-9]|[3-9]\d)/);
  });

  it('shows what the drawing writes and the description does not place, and removes it once checked', async () => {
    const { page } = await newPage();
    await openFreshQbot(page, inject('demoAdmin'));
    // BM_part's flange has four Ø15 holes: no diameter of the turned profile.
    await page.getByLabel('Drawing file').setInputFiles(scan);
    await button(page, 'Send').click();
    await button(page, 'Change').waitFor({ timeout: 120_000 });
    await page.locator('.values-table > summary').click();
    // Its end view's 'R70 REF', OCR'd as 'R10', is named too (a radius no corner has).
    const row = page.locator('tr[data-row^="unplaced."]', { hasText: 'Ø15' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('is placed on no diameter of the profile');
    await expectAccessible(page, 'the values table with a callout not placed');
    await page.getByRole('button', { name: 'Remove Not placed, Ø15' }).click();
    await button(page, 'Save values').click();
    await page
      .locator('.chat-messages, .qbot-main')
      .getByText(qbotExtraMessages.valuesSaved)
      .last()
      .waitFor({ timeout: 30_000 });
    await page.locator('.values-table > summary').click();
    // Other values the scan leaves unplaced (a length beside no dimension line found) stay.
    await expect
      .poll(() => page.locator('tr[data-row^="unplaced."]', { hasText: 'Ø15' }).count())
      .toBe(0);
  }, 180_000);
});
