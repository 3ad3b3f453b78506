/**
 * Check Program in the browser (issue 35): from My Shop, a mill's "Check Program" opens the
 * screen; a program written for another shop's tools is attached with its stock, and the
 * verdict comes back 'Not safe to run' with the findings by line, never green without a part.
 * With a Part (a Q-Bot conversation whose description is confirmed) the stock's position is
 * the planner's and only its size is asked; a program of another part is never verified. A part
 * drawing chosen instead clears the conversation, and the conversation clears the drawing.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openFreshQbot, signInThroughUi } from './api.ts';
import { expectAccessible } from './axe.ts';
import { usePages } from './browser.ts';
import { confirmReamerDescription, reamerDrawing } from './reamer.ts';

const program = join(import.meta.dirname, '../golden/mill/post-test-plate.linuxcnc.nc');
const latheProgram = join(import.meta.dirname, '../golden/lathe/linuxcnc.nc');

/**
 * Upload the long reamer on the Q-Bot screen, say with Change what is turned and confirm its
 * description: a part to check.
 */
async function confirmReamer(page: Page) {
  await openFreshQbot(page, inject('demoAdmin'));
  await confirmReamerDescription(page);
}
const { newPage } = usePages();

describe('Check Program in the browser', () => {
  it('checks a program on a mill from My Shop and names what is wrong by line', async () => {
    const { page } = await newPage();
    const admin = inject('demoAdmin');
    await signInThroughUi(page, admin.email, admin.password);
    await page.goto('/my-shop');
    await page.getByRole('link', { name: 'Check Program on Tormach 1100MX' }).click();
    await page.getByRole('heading', { name: 'Check Program' }).waitFor();
    await page.getByLabel('Program file').setInputFiles(program);
    for (const [label, value] of [
      ['X', '64'],
      ['Y', '44'],
      ['Z', '12'],
      ['Lower-left corner at X', '-2'],
      ['Lower-left corner at Y', '-2'],
      ['Top face at Z', '2'],
    ] as const)
      await page.getByLabel(label, { exact: true }).fill(value);
    await expectAccessible(page, 'the Check Program form');
    await page.getByRole('button', { name: 'Check Program' }).click();
    await page.locator('.verdict').waitFor({ timeout: 60_000 });
    // The plate's program calls T4 as a spot drill; this machine's T4 is a Ø2 end mill.
    expect(await page.locator('.verdict').textContent()).toBe('Not safe to run');
    expect(await page.locator('.verdict-verified').count()).toBe(0);
    await expect
      .poll(() => page.getByRole('table', { name: 'What is wrong, and where' }).textContent())
      .toMatch(/T4 Ø2 end mill/);
    await expectAccessible(page, 'a checked program');
  });

  it("holds a lathe program to a conversation's part, its stock placed by the planner", async () => {
    const { page } = await newPage();
    await confirmReamer(page);
    await page.goto('/my-shop');
    await page.getByRole('link', { name: 'Check Program on Tormach 15L Slant-PRO' }).click();
    await page.getByRole('heading', { name: 'Check Program' }).waitFor();
    const part = page.getByLabel('Part', { exact: true });
    // Latest first: the reamer's conversation.
    await expect.poll(() => part.locator('option').count()).toBeGreaterThan(1);
    const threadId = await part.locator('option').nth(1).getAttribute('value');
    // A drawing instead of the conversation clears it, and the conversation again clears the drawing.
    const drawing = page.getByLabel('Part drawing (DXF or STEP)');
    await part.selectOption(threadId);
    await drawing.setInputFiles(reamerDrawing);
    expect(await part.inputValue()).toBe('');
    await part.selectOption(threadId);
    expect(await drawing.evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
    expect(await page.getByLabel('Out of the jaws').count()).toBe(0);
    expect(await page.getByLabel('Face at Z').count()).toBe(0);
    await page.getByLabel('Program file').setInputFiles(latheProgram);
    await page.getByLabel('Diameter', { exact: true }).fill('30');
    await page.getByLabel('Length', { exact: true }).fill('90');
    await expectAccessible(page, 'the Check Program form with a part');
    await page.getByRole('button', { name: 'Check Program' }).click();
    await page.locator('.verdict, .form-error').first().waitFor({ timeout: 60_000 });
    expect(await page.locator('.form-error').count(), 'no error').toBe(0);
    // The hydraulic adapter's program does not make the reamer.
    expect(await page.locator('.verdict-verified').count()).toBe(0);
    expect(await page.locator('.check-against').textContent()).toMatch(/^Held to the part /);
  }, 180_000);
});
