/**
 * The assistants in the browser (spec sections 1, 2 "Navigation bar" and "Y-Bot screen", 9): the
 * landing frame at /, the navigation bar of each assistant signed out and signed in, and Y-Bot's
 * demo chat (echo after 1000 ms, attached files, the failure text, no API call).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInThroughUi, signUp, uniqueEmail, verify } from './api.ts';
import { usePages } from './browser.ts';
import { expectAccessible } from './axe.ts';

const { newPage } = usePages();

const title = (page: Page) => page.locator('.topbar-title');
const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Account' });
const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });
/** Y-Bot's replies (the assistant's side of the chat), as their texts. */
const replies = (page: Page) => page.locator('.chat-message.ai').allTextContents();
const userMessages = (page: Page) => page.locator('.chat-message.user');
const failure = "Sorry, I couldn't process your message.";

/** The signed-in menu's entries, read after opening it; the menu is closed again. */
async function menuEntries(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  const entries = await menu.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  await expect.poll(() => menu.count()).toBe(0);
  return entries;
}

/**
 * Y-Bot at /ybot with its virtual clock paused, so a test moves time on by hand. (axe waits on
 * timers of its own, so the accessibility checks run in the tests on the real clock.)
 */
async function ybotWithPausedClock(page: Page) {
  await page.clock.install();
  await page.goto('/ybot');
  await messageBox(page).waitFor();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

describe('the landing frame and the navigation bar', () => {
  it('mounts the default assistant (Q-Bot) at / with Get Started, Sign Up and Sign In', async () => {
    const { page } = await newPage();
    await page.goto('/');
    const landing = page.locator('section.landing');
    await expect.poll(() => landing.getByRole('heading', { name: 'Q-BOT' }).isVisible()).toBe(true);
    expect(await title(page).textContent()).toBe('Q-Bot');
    expect(await landing.locator('img').getAttribute('src')).toBe('/qbot-avatar.svg');
    expect(await landing.getByRole('link').allTextContents()).toEqual([
      'Get Started',
      'Sign Up',
      'Sign In',
    ]);
    expect(await landing.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe(
      '/signup',
    );
    expect(await landing.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/signin',
    );
    expect(await landing.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe(
      '/qbot',
    );
    expect(await accountNav(page).getByRole('link').allTextContents()).toEqual([
      'Sign Up',
      'Sign In',
    ]);
    await expectAccessible(page, 'the landing frame');
  });

  it('shows each assistant name with Sign Up and Sign In to a signed-out visitor', async () => {
    const { page } = await newPage();
    await page.goto('/ybot');
    await expect.poll(() => title(page).textContent()).toBe('Y-Bot');
    expect(await accountNav(page).getByRole('link').allTextContents()).toEqual([
      'Sign Up',
      'Sign In',
    ]);
    await expectAccessible(page, 'the Y-Bot screen, signed out');
    expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0);

    // /qbot is the signed-in flow: the visitor lands on /signin, which belongs to the default.
    await page.goto('/qbot');
    await page.waitForURL(/\/signin\?redirect=%2Fqbot$/);
    await expect.poll(() => title(page).textContent()).toBe('Q-Bot');
    expect(await accountNav(page).getByRole('link').allTextContents()).toEqual([
      'Sign Up',
      'Sign In',
    ]);
    await expectAccessible(page, 'the Sign In page (redirected from /qbot)');

    // The title links to /.
    await page.goto('/ybot');
    await title(page).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => title(page).textContent()).toBe('Q-Bot');
  });

  it("gives a signed-in user each assistant's menu, in order, plus Logout", async () => {
    const email = uniqueEmail('menus');
    await signUp({ email, organization: `Menu Shop ${email}` });
    await verify(email);
    const { page } = await newPage();
    await signInThroughUi(page, email);
    await page.waitForURL('**/qbot');
    await expect.poll(() => title(page).textContent()).toBe('Q-Bot');
    await expectAccessible(page, 'the Q-Bot screen of a new member');
    expect(await accountNav(page).getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    expect(await menuEntries(page)).toEqual([
      'My Profile',
      'My Organization',
      'My Shop',
      'QBot',
      'Logout',
    ]);

    await page.goto('/ybot');
    await expect.poll(() => title(page).textContent()).toBe('Y-Bot');
    expect(await menuEntries(page)).toEqual(['My Profile', 'YBot', 'Logout']);
    await expectAccessible(page, 'the Y-Bot screen, signed in');

    // A page that is no assistant's belongs to the default one.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await page.waitForURL('**/my-profile');
    await expect.poll(() => title(page).textContent()).toBe('Q-Bot');
    expect(await menuEntries(page)).toEqual([
      'My Profile',
      'My Organization',
      'My Shop',
      'QBot',
      'Logout',
    ]);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'QBot' }).click();
    await page.waitForURL('**/qbot');
    // Q-Bot has file upload: its input bar has the attach icon and the file input.
    await expect
      .poll(() => page.getByRole('button', { name: 'Attach a drawing' }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await page.getByLabel('Drawing file').count()).toBe(1);
    await expectAccessible(page, 'the Q-Bot screen, from the menu');
  });
});

describe('the Y-Bot demo chat', () => {
  it('greets, and echoes the text 1000 ms after Enter without calling the API', async () => {
    const { page } = await newPage();
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });
    await ybotWithPausedClock(page);
    const header = page.locator('.qbot-header');
    expect(await header.getByRole('heading').textContent()).toBe('Y-Bot');
    expect(await header.locator('img').getAttribute('src')).toBe('/ybot-avatar.svg');
    expect(await replies(page)).toEqual([
      "Hi, I'm Y-Bot, a demo chat.",
      'Type a message and I will echo it back. You can attach a file too; it stays in your browser.',
    ]);
    const greetings = (await replies(page)).length;

    // Shift+Enter is a new line; Enter sends.
    await messageBox(page).fill('Face the stock');
    await messageBox(page).press('Shift+Enter');
    expect(await userMessages(page).count()).toBe(0);
    await messageBox(page).pressSequentially('to 120 mm');
    await messageBox(page).press('Enter');
    await expect
      .poll(() => userMessages(page).allTextContents())
      .toEqual(['Face the stockto 120 mm']);
    expect(await userMessages(page).locator('p').allTextContents()).toEqual([
      'Face the stock',
      'to 120 mm',
    ]);
    expect(await messageBox(page).inputValue()).toBe('');

    // Not answered before 1000 ms...
    expect((await replies(page)).length).toBe(greetings);
    await page.clock.runFor(999);
    expect((await replies(page)).length).toBe(greetings);
    expect(await page.locator('.chat-body .loader').textContent()).toContain('Y-Bot is typing...');
    // ...and answered at 1000 ms with the same text.
    await page.clock.runFor(1);
    await expect
      .poll(async () => (await replies(page)).slice(greetings))
      .toEqual(['Face the stockto 120 mm']);
    expect(await page.locator('.chat-message.ai').last().locator('p').allTextContents()).toEqual([
      'Face the stock',
      'to 120 mm',
    ]);
    expect(await page.locator('.chat-body .loader').count()).toBe(0);
    expect(apiCalls).toEqual([]);
  });

  it('echoes in real time too, a second or so after sending', async () => {
    const { page } = await newPage();
    await page.goto('/ybot');
    await messageBox(page).fill('Real clock');
    const sent = Date.now();
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => userMessages(page).allTextContents()).toEqual(['Real clock']);
    await expect
      .poll(async () => (await replies(page)).includes('Real clock'), { timeout: 10_000 })
      .toBe(true);
    // Only a lower bound: the reply cannot come before its timer, however slow the machine.
    expect(Date.now() - sent).toBeGreaterThanOrEqual(1000);
    await expectAccessible(page, 'the Y-Bot chat after an echo');
  });

  it('shows an attached file as a message, and echoes the text sent with it', async () => {
    const { page } = await newPage();
    await ybotWithPausedClock(page);
    const greetings = (await replies(page)).length;
    const attach = page.getByRole('button', { name: 'Attach a file' });
    expect(await attach.isVisible()).toBe(true);

    // A picture on its own: shown as the picture, nothing to echo.
    await page.getByLabel('File to attach').setInputFiles({
      name: 'bracket.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=',
        'base64',
      ),
    });
    await expect
      .poll(() => page.locator('.input-bar .file-chip').textContent())
      .toBe('bracket.png');
    await page.getByRole('button', { name: 'Send' }).click();
    const picture = userMessages(page).getByRole('img', { name: 'bracket.png' });
    await expect.poll(() => picture.isVisible()).toBe(true);
    expect(await picture.getAttribute('src')).toMatch(/^blob:/);
    expect(await page.locator('.input-bar .file-chip').count()).toBe(0);

    // A drawing with a message: the file as a file, then the text, which is echoed.
    await page.getByLabel('File to attach').setInputFiles({
      name: 'shaft.dxf',
      mimeType: 'application/dxf',
      buffer: Buffer.from('0\nSECTION\n0\nENDSEC\n0\nEOF\n'),
    });
    await messageBox(page).fill('Here is the shaft');
    await messageBox(page).press('Enter');
    await expect.poll(() => userMessages(page).count()).toBe(3);
    expect((await userMessages(page).allTextContents()).slice(1)).toEqual([
      ' shaft.dxf',
      'Here is the shaft',
    ]);
    await page.clock.runFor(1000);
    await expect
      .poll(async () => (await replies(page)).slice(greetings))
      .toEqual(['Here is the shaft']);
  });

  it('does not send a message with neither text nor file (spec: empty text is not sent)', async () => {
    const { page } = await newPage();
    await ybotWithPausedClock(page);
    const greetings = (await replies(page)).length;
    await messageBox(page).fill('   ');
    await page.getByRole('button', { name: 'Send' }).click();
    await messageBox(page).press('Enter');
    await page.clock.runFor(1000);
    expect((await replies(page)).slice(greetings)).toEqual([]);
    expect(await userMessages(page).count()).toBe(0);
    expect(await page.getByText(failure).count()).toBe(0);

    // The next message with text is sent and echoed.
    await messageBox(page).fill('Still there?');
    await messageBox(page).press('Enter');
    await page.clock.runFor(1000);
    await expect.poll(async () => (await replies(page)).slice(greetings)).toEqual(['Still there?']);
  });

  it('falls back to the default avatar when its own does not load', async () => {
    const { page } = await newPage();
    await page.route('**/ybot-avatar.svg', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/ybot');
    await expect
      .poll(() => page.locator('.qbot-header img').getAttribute('src'))
      .toBe('/default-avatar.svg');
    await expectAccessible(page, 'the Y-Bot screen with the default avatar');
  });
});
