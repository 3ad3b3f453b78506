/** Debian's Chromium through playwright-core; no browser is ever downloaded. */
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';

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
