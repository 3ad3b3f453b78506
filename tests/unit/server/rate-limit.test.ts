/**
 * The per-email rate-limit key (server/plugins/rate-limit.ts): made of the body's email address,
 * it is stored in PostgreSQL, so it never holds a NUL or a lone surrogate, whatever the body.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStorableText } from '#contracts/text';
import { emailOf } from '#server/plugins/rate-limit';

describe('emailOf (the per-email rate-limit key)', () => {
  it('never holds NUL or a lone surrogate, whatever the body', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (email) => {
        const key = emailOf({ body: { email } });
        expect(isStorableText(key!)).toBe(true);
        expect(key!.length).toBeLessThanOrEqual(320);
      }),
    );
    expect(emailOf({ body: { email: ' Ada@Shop.test ' } })).toBe('ada@shop.test');
    expect(emailOf({ body: { email: 7 } })).toBeUndefined();
    expect(emailOf({ body: undefined })).toBeUndefined();
  });
});
