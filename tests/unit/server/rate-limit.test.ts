/**
 * The rate-limit keys (server/plugins/rate-limit.ts): made of the body's email address and the
 * client's address, they are stored in PostgreSQL, so they never hold a NUL or a lone surrogate,
 * whatever the body, and no two (email, address) pairs share a failures counter.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStorableText } from '#contracts/text';
import { emailOf, failuresKey } from '#server/plugins/rate-limit';

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

describe('failuresKey (failed sign-ins per email and client address)', () => {
  const clientAddress = fc.oneof(fc.ipV4(), fc.ipV6());
  // Emails that hold the characters an address is made of, to try to forge another pair's key.
  const email = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.string({ unit: fc.constantFrom('a', '@', '.', ':', '/', '1', 'f', ' '), maxLength: 20 }),
  );

  it('never holds NUL or a lone surrogate, whatever the body', () => {
    fc.assert(
      fc.property(clientAddress, fc.string({ unit: 'binary', maxLength: 400 }), (ip, value) => {
        expect(isStorableText(failuresKey('signin', { ip, body: { email: value } })!)).toBe(true);
      }),
    );
  });

  it('gives two pairs one key only when both the address and the email are the same', () => {
    fc.assert(
      fc.property(clientAddress, email, clientAddress, email, (ip1, email1, ip2, email2) => {
        const same =
          failuresKey('signin', { ip: ip1, body: { email: email1 } }) ===
          failuresKey('signin', { ip: ip2, body: { email: email2 } });
        expect(same).toBe(
          ip1 === ip2 &&
            emailOf({ body: { email: email1 } }) === emailOf({ body: { email: email2 } }),
        );
      }),
    );
    expect(failuresKey('signin', { ip: '10.9.0.1', body: { email: ' Ada@Shop.test' } })).toBe(
      'signin:failures:10.9.0.1/ada@shop.test',
    );
    expect(failuresKey('signin', { ip: '10.9.0.1', body: {} })).toBeUndefined();
  });
});
