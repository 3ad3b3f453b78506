/**
 * Check Program in the browser (issue 35): from My Shop, a mill's "Check Program" opens the
 * screen; a program written for another shop's tools is attached with its stock, and the
 * verdict comes back 'Not safe to run' with the findings by line, never green without a part.
 */
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { signInThroughUi } from './api.ts';
import { expectAccessible } from './axe.ts';
import { usePages } from './browser.ts';

const program = join(import.meta.dirname, '../golden/mill/post-test-plate.linuxcnc.nc');
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
});
