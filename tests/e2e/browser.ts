/** Debian's Chromium through playwright-core; no browser is ever downloaded. */
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

export const chromiumPath = '/usr/bin/chromium';

const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumFlags });
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions in the page; a test asserts this stays empty. */
  pageErrors: Error[];
}

/** A new, empty browser context (its own localStorage) with one page on the product. */
export async function openPage(browser: Browser): Promise<TestPage> {
  const context = await browser.newContext({ baseURL: inject('baseUrl') });
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  return { context, page, pageErrors };
}

export interface OpenedPage {
  page: Page;
  /** Every alert and confirm the page showed, in order; each one is accepted. */
  dialogs: string[];
}

/**
 * One browser for the test file, and `newPage()` for a page in a context of its own (its own
 * session). After each test every page opened is closed, and the test fails if any of them threw
 * an uncaught exception.
 */
export function usePages(): { newPage: () => Promise<OpenedPage> } {
  let browser: Browser;
  const opened: TestPage[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  afterEach(async () => {
    const errors = opened.flatMap((page) => page.pageErrors.map((error) => error.message));
    if (process.env.E2E_SCREENSHOTS) {
      await Promise.all(
        opened.map((entry, index) =>
          entry.page.screenshot({ path: `/tmp/e2e-${index}.png`, fullPage: true }),
        ),
      );
    }
    await Promise.all(opened.splice(0).map((page) => page.context.close()));
    expect(errors).toEqual([]);
  });

  return {
    async newPage() {
      const testPage = await openPage(browser);
      opened.push(testPage);
      const dialogs: string[] = [];
      testPage.page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.accept();
      });
      return { page: testPage.page, dialogs };
    },
  };
}
