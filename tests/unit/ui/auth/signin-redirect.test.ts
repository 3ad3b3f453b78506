import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRedirect } from '#src/auth/signin-redirect.ts';

const nestInSignin = (target: string, depth: number): string => {
  let href = target;
  for (let level = 0; level < depth; level += 1)
    href = `/signin?redirect=${encodeURIComponent(href)}`;
  return href;
};

const pagePath = fc
  .array(fc.stringMatching(/^[a-z0-9-]{1,12}$/), { minLength: 1, maxLength: 4 })
  .map((parts) => `/${parts.join('/')}`)
  .filter((path) => !path.startsWith('/signin'));

describe('safeRedirect', () => {
  it('keeps a same-site page with its search', () => {
    expect(safeRedirect('/my-shop')).toBe('/my-shop');
    expect(safeRedirect('/tooling-pairs?machineId=42')).toBe('/tooling-pairs?machineId=42');
  });

  it('refuses what is not a same-site path', () => {
    for (const value of [
      undefined,
      42,
      '',
      'my-shop',
      'https://evil.test/',
      '//evil.test/x',
      '/\\evil.test',
      'javascript:alert(1)',
    ])
      expect(safeRedirect(value)).toBeUndefined();
  });

  it('never returns Sign In: a nested /signin?redirect= gives the page inside it', () => {
    fc.assert(
      fc.property(pagePath, fc.integer({ min: 1, max: 4 }), (path, depth) => {
        expect(safeRedirect(nestInSignin(path, depth))).toBe(path);
      }),
    );
    expect(safeRedirect('/signin')).toBeUndefined();
    expect(safeRedirect('/signin?redirect=https%3A%2F%2Fevil.test')).toBeUndefined();
  });

  it('gives up on a nesting deeper than any the product makes', () => {
    expect(safeRedirect(nestInSignin('/my-shop', 12))).toBeUndefined();
  });
});
