/**
 * A scanned drawing through the browser, without an API key: while OCR reads it, 'Analyzing
 * blueprint...' shows a progress bar with the stage; the description step then lists each value
 * read with its confidence and source, and what could not be read, for the user to give with
 * Change.
 */
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openFreshQbot } from './api.ts';
import { usePages } from './browser.ts';
import { expectAccessible } from './axe.ts';

const drawing = join(import.meta.dirname, '../../../shared/blueprints/lathe/Candle_holder.jpg');

const { newPage } = usePages();

const button = (page: Page, name: string) =>
  page.locator('.qbot-main').getByRole('button', { name, exact: true });

describe('reading a scanned drawing in the browser', () => {
  it('shows progress while reading, then what was read and from where', async () => {
    const { page } = await newPage();
    await openFreshQbot(page, inject('demoAdmin'));
    await page.getByLabel('Drawing file').setInputFiles(drawing);
    await button(page, 'Send').click();

    // OCR takes seconds: the loader keeps the spec's text and adds the bar with its stage.
    const loader = page.locator('.loader');
    await expect.poll(() => loader.textContent()).toContain('Analyzing blueprint...');
    const bar = page.getByRole('progressbar', { name: 'Reading the drawing' });
    await bar.waitFor();
    await expectAccessible(page, 'the analysis in progress');
    await expect
      .poll(async () => Number(await bar.getAttribute('value')), { timeout: 30_000 })
      .toBeGreaterThan(0);

    await button(page, 'Change').waitFor({ timeout: 60_000 });
    expect(await bar.count()).toBe(0);
    const description = page.locator('.description');
    await expect.poll(() => description.textContent()).toContain('Ø42');
    // The values read, with confidence and source, open on a click.
    const readings = description.locator('details.readings');
    await readings.locator('summary').click();
    const rows = readings.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(3);
    await expectAccessible(page, 'the description with the values read');
    expect(await rows.first().locator('td').nth(2).textContent()).toMatch(/^\d+%$/);
    expect(await readings.textContent()).toContain('OCR, page 1 at');
    // What could not be read, for Change: the drawing gives no surface finish.
    expect(await description.locator('.unresolved').textContent()).toMatch(/surface finish/i);
  });
});
