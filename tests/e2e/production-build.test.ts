/**
 * The browser tests test what `npm start` serves, and it is the production bundle whoever built
 * it: the test runner's NODE_ENV=test once made Vite bundle React's development build, which
 * `npm start` then served (issue 16).
 */
import { describe, expect, inject, it } from 'vitest';

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
