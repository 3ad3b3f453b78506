import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { accountMessages, joinOrganizationBodySchema, signinBodySchema } from '#contracts/accounts';
import { joinOrganizationFormIssues, signinFormIssues } from '#contracts/sign-in-checks';
import { unstorableTextMessage } from '#contracts/text';

/** The issues the server's full-zod schema finds, as path and message. */
const zodIssues = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map(({ path, message }) => ({ path, message }));
};

/** Text made of the characters the rules look at, up to past the 254-character email limit. */
const unit = fc.constantFrom(
  ...'aZ09._-+!@#$%^&*',
  ' ',
  '\t',
  '\n',
  '\u00a0',
  '\0',
  '\ud83d',
  '\ude00',
  '\ud83d\ude00',
  'é',
);
const field = fc.oneof(
  fc.string({ unit, maxLength: 12 }),
  fc.string({ unit, minLength: 190, maxLength: 270 }),
  fc
    .tuple(fc.string({ unit, maxLength: 3 }), fc.emailAddress(), fc.string({ unit, maxLength: 3 }))
    .map((parts) => parts.join('')),
);

describe('the sign-in page checks and the server schemas agree', () => {
  it('on the sign-in form', () => {
    fc.assert(
      fc.property(field, field, (email, password) => {
        const form = { email, password };
        expect(signinFormIssues(form)).toEqual(zodIssues(signinBodySchema, form));
      }),
      { numRuns: 3000 },
    );
  });

  it('on the organization panel', () => {
    fc.assert(
      fc.property(field, field, field, (email, password, organization) => {
        const form = { email, password, organization };
        expect(joinOrganizationFormIssues(form)).toEqual(
          zodIssues(joinOrganizationBodySchema, form),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['', ''],
    ['   ', 'x'],
    [' ada@shop.test ', ''],
    ['ada@shop', 'secret'],
    [`${'a'.repeat(250)}@shop.test`, 'secret'],
    ['ada\0@shop.test', 'se\ud800cret'],
  ])('on email %j and password %j', (email, password) => {
    expect(signinFormIssues({ email, password })).toEqual(
      zodIssues(signinBodySchema, { email, password }),
    );
  });

  it('names each problem with the spec texts', () => {
    expect(signinFormIssues({ email: '', password: '' })).toEqual([
      { path: ['email'], message: accountMessages.emailRequired },
      { path: ['email'], message: accountMessages.emailNotValidAddress },
      { path: ['password'], message: accountMessages.passwordRequired },
    ]);
    expect(signinFormIssues({ email: 'ada@shop.test', password: 'a\0' })).toEqual([
      { path: ['password'], message: unstorableTextMessage },
    ]);
  });
});
