/**
 * Tool libraries in the browser (issue 35, decision 114): on a mill's Tooling Pairs, Export
 * saves the machine's tools as a LinuxCNC tool table; Import reads that table back into a
 * preview where every row's slot already holds a tool, so nothing is imported until the shop
 * ticks Replace or leaves the row out; one row replaced comes back as the server's sentence.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { toolLibraryMessages } from '#contracts/tool-library';
import { signInThroughUi } from './api.ts';
import { expectAccessible } from './axe.ts';
import { usePages } from './browser.ts';

const { newPage } = usePages();

describe('Tool libraries on Tooling Pairs', () => {
  it('exports a tool table and imports it back, replacing only the chosen tool', async () => {
    const { page } = await newPage();
    const admin = inject('demoAdmin');
    await signInThroughUi(page, admin.email, admin.password);
    await page.goto('/my-shop');
    await page.getByRole('link', { name: 'Tooling of Tormach 1100MX' }).click();
    await page.getByRole('heading', { name: 'Tooling Pairs for Tormach 1100MX' }).waitFor();
    const rows = await page.locator('table.tools tbody tr:not(.row-reading)').count();
    expect(rows).toBeGreaterThan(2);

    await page.getByLabel('Format').selectOption('tbl');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Tools' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/-tools\.tbl$/);
    const saved = join(await mkdtemp(join(tmpdir(), 'library-')), download.suggestedFilename());
    await download.saveAs(saved);
    expect((await readFile(saved, 'utf8')).match(/^T\d+ P\d+/gm)).toHaveLength(rows);

    await page.getByLabel('Import Tools').setInputFiles(saved);
    const preview = page.getByRole('region', { name: /^Import from / });
    await preview.waitFor();
    expect(await preview.getByRole('checkbox', { name: /^Import T/ }).count()).toBe(rows);
    // Every slot holds a tool already: nothing is imported until it is replaced or left out.
    await expect.poll(() => preview.getByRole('alert').textContent()).toMatch(/tick Replace/);
    expect(await preview.getByRole('button', { name: `Import ${rows} Tools` }).isDisabled()).toBe(
      true,
    );
    await expectAccessible(page, 'a tool library preview');

    const imports = preview.getByRole('checkbox', { name: /^Import T/ });
    for (let index = 1; index < rows; index += 1) await imports.nth(index).uncheck();
    await preview
      .getByRole('checkbox', { name: /^Replace / })
      .first()
      .check();
    await preview.getByRole('button', { name: 'Import 1 Tool' }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toBe(toolLibraryMessages.imported(0, 1));
    expect(await page.getByRole('region', { name: /^Import from / }).count()).toBe(0);
    expect(await page.locator('table.tools tbody tr:not(.row-reading)').count()).toBe(rows);
  });
});
