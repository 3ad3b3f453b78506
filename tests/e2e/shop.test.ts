import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { password, signInThroughUi, signUp, uniqueEmail, verify } from './api.ts';
import { usePages } from './browser.ts';
import { expectAccessible } from './axe.ts';

const { newPage } = usePages();

const visible = (page: Page, text: string) => () =>
  page.getByText(text, { exact: true }).first().isVisible();

describe('organization and shop in the browser', () => {
  it('approves a colleague, stages admin toggles with the warning on the own box, and saves', async () => {
    const organization = `Browser Org ${uniqueEmail('o')}`;
    const admin = uniqueEmail('owner');
    const colleague = uniqueEmail('colleague');
    await signUp({ email: admin, firstName: 'Olga', lastName: 'Owner', organization });
    await verify(admin);
    await signUp({ email: colleague, firstName: 'Carl', lastName: 'Colleague', organization });
    await verify(colleague);

    // The colleague, in a browser of their own, is not let in yet.
    const { page: carl } = await newPage();
    await carl.goto('/signin');
    await carl.getByLabel('Email Address').fill(colleague);
    await carl.getByLabel('Password').fill(password);
    await carl.getByRole('button', { name: 'Sign In' }).click();
    await expect
      .poll(() => carl.getByRole('alert').first().textContent())
      .toBe(
        'You have not been added to your organization yet. Please contact Olga Owner so they can approve your entry into the organization.',
      );
    await expectAccessible(carl, 'the Sign In page of a member not yet approved');

    const { page: olga } = await newPage();
    await signInThroughUi(olga, admin);
    await olga.getByRole('button', { name: 'Account menu' }).click();
    await olga.getByRole('menuitem', { name: 'My Organization' }).click();
    await expect
      .poll(() => olga.getByRole('heading', { name: `Organization: ${organization}` }).isVisible())
      .toBe(true);
    await expect
      .poll(() => olga.getByRole('heading', { name: 'Pending Users' }).isVisible())
      .toBe(true);
    await expectAccessible(olga, 'My Organization with a pending user');
    await olga
      .getByRole('row', { name: /Carl Colleague/ })
      .getByRole('button', { name: 'Approve' })
      .click();
    await expect
      .poll(() => olga.getByRole('heading', { name: 'Pending Users' }).isVisible())
      .toBe(false);
    await expect
      .poll(() => olga.getByRole('checkbox', { name: 'Admin: Carl Colleague' }).isVisible())
      .toBe(true);
    await expectAccessible(olga, 'My Organization after the approval');

    // Now the colleague gets in.
    await carl.getByRole('button', { name: 'Sign In' }).click();
    await carl.waitForURL('**/qbot');

    // Remove asks in the app's own dialog (never the browser's confirm); Cancel keeps the member.
    await olga
      .getByRole('row', { name: /Carl Colleague/ })
      .getByRole('button', { name: 'Remove' })
      .click();
    const removal = olga.getByRole('dialog', { name: 'Remove Carl Colleague?' });
    await expect.poll(() => removal.isVisible()).toBe(true);
    await expectAccessible(olga, 'the Remove dialog');
    await removal.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => removal.isVisible()).toBe(false);
    // The focus is back on the Remove button that opened the dialog.
    expect(
      await olga
        .getByRole('row', { name: /Carl Colleague/ })
        .getByRole('button', { name: 'Remove' })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);
    expect(await olga.getByRole('row', { name: /Carl Colleague/ }).count()).toBe(1);

    // Staged toggles are highlighted; Cancel discards them.
    const carlBox = olga.getByRole('checkbox', { name: 'Admin: Carl Colleague' });
    const ownBox = olga.getByRole('checkbox', { name: 'Admin: Olga Owner' });
    expect(await olga.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await carlBox.check();
    expect(await olga.locator('td.staged').count()).toBe(1);
    await expectAccessible(olga, 'My Organization with a staged toggle');
    await olga.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => carlBox.isChecked()).toBe(false);
    expect(await olga.locator('td.staged').count()).toBe(0);

    // Unticking one's own box asks first.
    await carlBox.check();
    await ownBox.click();
    const warning = olga.getByRole('dialog', { name: 'Remove your own admin rights?' });
    await expect.poll(() => warning.isVisible()).toBe(true);
    await expectAccessible(olga, 'the own-admin warning dialog');
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => warning.isVisible()).toBe(false);
    expect(await ownBox.isChecked()).toBe(true);
    // Carl is made an admin first, so that the shop keeps one.
    await olga.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => olga.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await expect.poll(() => carlBox.isChecked()).toBe(true);
    // Proceed toggles Olga's own admin role at once (spec): nothing is left to save.
    await ownBox.click();
    await warning.getByRole('button', { name: 'Proceed' }).click();
    await expect.poll(() => ownBox.isChecked()).toBe(false);
    expect(await olga.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await olga.locator('td.staged').count()).toBe(0);
    // No longer an admin: the boxes and Remove buttons are disabled for Olga.
    await expect.poll(() => carlBox.isDisabled()).toBe(true);
    expect(await olga.getByRole('button', { name: 'Remove' }).first().isDisabled()).toBe(true);
    await expectAccessible(olga, 'My Organization of a former admin');
  });

  it('adds a machine through the cascade, edits it, and adds, edits and deletes tool rows', async () => {
    const email = uniqueEmail('machinist');
    await signUp({
      email,
      firstName: 'Mia',
      lastName: 'Machinist',
      organization: `Lathe Shop ${email}`,
    });
    await verify(email);
    const { page, dialogs } = await newPage();
    await signInThroughUi(page, email);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My Shop' }).click();
    await page.getByRole('link', { name: 'Add Machine' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Add Machine' }).isVisible())
      .toBe(true);
    await expectAccessible(page, 'the Add Machine form');

    const submit = page.getByRole('button', { name: 'Add Machine To My Shop' });
    await page.getByLabel('Name').fill('Tormach 15L');
    await page.getByLabel('Serial Number').fill('15L-0007');
    await page.getByLabel('Description').fill('Front bay');
    expect(await page.getByLabel('Manufacturer').count()).toBe(0);
    await page.getByLabel('Machine Type').selectOption({ label: 'Vertical Machining Center' });
    await page.getByLabel('Manufacturer').selectOption({ label: 'Haas Automation' });
    // Changing the machine type clears the choices below it.
    await page.getByLabel('Machine Type').selectOption({ label: 'Turning Center' });
    expect(await page.getByLabel('Manufacturer').inputValue()).toBe('');
    expect(await page.getByLabel('Model', { exact: true }).count()).toBe(0);
    await page.getByLabel('Manufacturer').selectOption({ label: 'Tormach' });
    await page.getByLabel('Model', { exact: true }).selectOption({ label: '15L Slant-PRO' });
    await page.getByLabel('Controller Type').selectOption({ label: 'Tormach PathPilot' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Controller Model').selectOption({ label: 'PathPilot' });
    await expectAccessible(page, 'the Add Machine form, filled in');
    await page.getByLabel('Name').fill(' ');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Name').fill('Tormach 15L');
    await submit.click();

    await page.waitForURL('**/my-shop');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Turning Center' }).isVisible())
      .toBe(true);
    const row = page.getByRole('row', { name: /Tormach 15L/ });
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      'Tormach 15L',
      '15L-0007',
      'Tormach',
      '15L Slant-PRO',
      'Tormach PathPilot',
      'PathPilot',
      '…',
      '',
      'Check Program',
    ]);
    await expectAccessible(page, 'the My Shop page with a machine');

    await page.getByRole('link', { name: 'Edit Tormach 15L' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Edit Machine' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByLabel('Controller Model').inputValue()).not.toBe('');
    await expectAccessible(page, 'the Edit Machine form');
    await page.getByLabel('Name').fill('Slant lathe');
    await page.getByLabel('Status').selectOption({ label: 'Inactive' });
    await page.getByRole('button', { name: 'Update Machine' }).click();
    await page.waitForURL('**/my-shop');
    const edited = page.getByRole('row', { name: /Slant lathe/ });
    await expect
      .poll(() => edited.getByRole('cell').first().textContent())
      .toBe('Slant latheInactive');

    await page.getByRole('link', { name: 'Tooling of Slant lathe' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Tooling Pairs for Slant lathe' }).isVisible())
      .toBe(true);
    await expect
      .poll(visible(page, 'No Tools are Currently Configured for this machine.'))
      .toBe(true);
    await expectAccessible(page, 'the Tooling Pairs page with no tools');

    const addTool = async (values: Record<string, string>) => {
      await page.getByRole('button', { name: 'Add New Tooling' }).click();
      const newRow = page.getByRole('row', { name: 'new tool' });
      for (const [label, value] of Object.entries(values)) {
        if (label === 'Type') await newRow.getByLabel('Type').selectOption(value);
        else await newRow.getByLabel(label, { exact: true }).fill(value);
      }
      await newRow.getByRole('button', { name: 'Update' }).click();
    };
    await addTool({ 'Tool Slot': 'T1', Tool: 'CNMG 120408' });
    await expect.poll(() => dialogs.at(-1)).toBe('All fields must be filled out.');
    await expectAccessible(page, 'the Tooling Pairs page with a new row');
    const draft = page.getByRole('row', { name: 'new tool' });
    await draft
      .getByLabel('Description', { exact: true })
      .fill('80° roughing insert, 0.8 mm nose radius');
    await draft.getByLabel('Type').selectOption('Turning');
    await draft.getByLabel('Manufacturer', { exact: true }).fill('Sandvik Coromant');
    await draft.getByLabel('Hint', { exact: true }).fill('NOHINT');
    await draft.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => page.getByRole('row', { name: 'tool T1' }).isVisible()).toBe(true);
    await expectAccessible(page, 'the Tooling Pairs page with a tool');

    await addTool({
      'Tool Slot': 't2',
      Tool: 'Drill 8.5',
      Description: 'HSS twist drill, 118° point',
      Type: 'Drilling',
      Manufacturer: 'Guhring',
      Hint: 'NOHINT',
    });
    await expect.poll(() => page.getByRole('row', { name: 'tool T2' }).isVisible()).toBe(true);

    const t1 = page.getByRole('row', { name: 'tool T1' });
    await t1.getByRole('button', { name: 'Edit tool T1' }).click();
    await expectAccessible(page, 'the Tooling Pairs page with a row in edit');
    await t1.getByLabel('Tool', { exact: true }).fill('DNMG 150608');
    await t1.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => t1.getByRole('cell').nth(1).textContent()).toBe('DNMG 150608');

    const t2 = page.getByRole('row', { name: 'tool T2' });
    // The row's actions are drawn icons with labels (emoji had no glyph in Debian's Chromium).
    for (const name of ['Edit tool T2', 'Delete tool T2']) {
      const icon = t2.getByRole('button', { name }).locator('svg');
      expect(await icon.count()).toBe(1);
      expect((await icon.boundingBox())?.width).toBeGreaterThan(10);
    }
    await t2.getByRole('button', { name: 'Delete tool T2' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Tool' });
    await expect
      .poll(visible(page, 'Are you sure you want to delete this tool and its associations?'))
      .toBe(true);
    await expectAccessible(page, 'the Delete Tool dialog');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => t2.isVisible()).toBe(true);
    await t2.getByRole('button', { name: 'Delete tool T2' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => dialogs.at(-1)).toBe('Tool and its associations deleted successfully!');
    await expect.poll(() => page.getByRole('row', { name: 'tool T2' }).count()).toBe(0);
    expect(await page.getByRole('row', { name: 'tool T1' }).count()).toBe(1);
    await expectAccessible(page, 'the Tooling Pairs page after a deletion');
  });
});
