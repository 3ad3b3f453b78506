/**
 * The browser tests test what `npm start` serves, and it is the production bundle whoever built
 * it: the test runner's NODE_ENV=test once made Vite bundle React's development build, which
 * `npm start` then served (issue 16). A new user's first visit makes no failed call (there was a
 * 404 for a user without a conversation) and no call twice in a row.
 */
import { describe, expect, inject, it } from 'vitest';
import { signInThroughUi, signUp, uniqueEmail, verify } from './api.ts';
import { usePages } from './browser.ts';

/** Markers of a development bundle: React's jsx-dev-runtime, xstate-react's development build. */
const DEVELOPMENT_MARKERS = ['jsxDEV', 'xstate-react.development', 'react-dom.development'];

describe('the served bundle', () => {
  it('is the production build: every script /signin loads is free of development code', async () => {
    const baseUrl = inject('baseUrl');
    const html = await (await fetch(`${baseUrl}/signin`)).text();
    const scripts = [
      ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
      ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
    ].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    const seen = new Set<string>();
    const queue = [...scripts];
    while (queue.length > 0) {
      const src = queue.shift()!;
      if (seen.has(src)) continue;
      seen.add(src);
      const response = await fetch(new URL(src, baseUrl));
      expect(response.status, src).toBe(200);
      const code = await response.text();
      for (const marker of DEVELOPMENT_MARKERS)
        expect(code, `${src} holds ${marker}`).not.toContain(marker);
      // The chunks it imports statically.
      for (const match of code.matchAll(/from\s*"(\.\/[^"]+\.js)"/g))
        queue.push(new URL(match[1]!, new URL(src, baseUrl)).pathname);
    }
  });
});

describe("a new user's first visit", () => {
  const { newPage } = usePages();

  it('signs in and opens Q-Bot with no failed call and no call made twice in a row', async () => {
    const email = uniqueEmail('first-visit');
    await signUp({ email, organization: `First Visit ${email}` });
    await verify(email);
    const { page } = await newPage();
    const calls: { method: string; path: string; status: number }[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/'))
        calls.push({
          method: response.request().method(),
          path: `${url.pathname}${url.search}`,
          status: response.status(),
        });
    });
    // Sign In lands on /qbot itself. Loading /qbot again here once cut the first page's start
    // of the conversation short: its answer was never seen and the second page found the
    // conversation already started (a race seen in CI).
    await signInThroughUi(page, email);
    await page.waitForURL((url) => url.pathname === '/qbot');
    await expect.poll(() => page.getByRole('textbox', { name: 'Message' }).isVisible()).toBe(true);
    // The message box shows while the conversation is still being started: wait for its
    // answer, then for the page to settle, and count the calls.
    const starts = () => calls.filter((call) => call.path === '/api/qbot/startClaude');
    await expect.poll(() => starts().length, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(calls.filter((call) => call.status >= 400)).toEqual([]);
    expect(starts()).toHaveLength(1);
    const repeated = calls.filter(
      (call, i) =>
        i > 0 && call.method === calls[i - 1]!.method && call.path === calls[i - 1]!.path,
    );
    expect(repeated).toEqual([]);
  });
});
