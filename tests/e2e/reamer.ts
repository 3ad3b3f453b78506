/**
 * The long reamer on the Q-Bot screen, for the browser tests that need a confirmed part: its
 * drawing (a DXF whose end only is turned, from bar) and the steps that confirm its description.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';

export const reamerDrawing = join(
  import.meta.dirname,
  '../../../shared/blueprints/lathe/long_reamer_facer.dxf',
);

/** A button of the chat's step widget, by its exact name. */
export const chatButton = (page: Page, name: string) =>
  page.locator('.qbot-main').getByRole('button', { name, exact: true });

/**
 * Upload the reamer on an open Q-Bot screen, say with Change what is turned (it is not to
 * scale) and confirm the description; the material choices are next.
 */
export async function confirmReamerDescription(page: Page): Promise<void> {
  await page.getByLabel('Drawing file').setInputFiles(reamerDrawing);
  await chatButton(page, 'Send').click();
  await chatButton(page, 'Change').waitFor({ timeout: 30_000 });
  await chatButton(page, 'Change').click();
  await page
    .getByLabel('What should change in the description?')
    .fill('Ø15.48 is 35 long, overall length 60');
  await chatButton(page, 'Update Description').click();
  await chatButton(page, 'Change').waitFor({ timeout: 30_000 });
  await chatButton(page, 'Confirm').click();
  await page.locator('.step-widget input[type="radio"]').first().waitFor();
}
