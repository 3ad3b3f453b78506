/**
 * The one string type for request input (contracts/text.ts): NUL and lone surrogates are refused
 * with a message for the field, everything else is a string as before.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { emailBodySchema, signinBodySchema, signupBodySchema } from '#contracts/accounts';
import { fieldErrors } from '#contracts/errors';
import { profileUpdateBodySchema } from '#contracts/profile';
import { promptBodySchema } from '#contracts/prompts';
import { askBodySchema, workflowEventBodySchema } from '#contracts/qbot';
import { machineBodySchema, machinesByTypeParamsSchema, toolBodySchema } from '#contracts/shop';
import { isStorableText, text, toStorableText, unstorableTextMessage } from '#contracts/text';
import { storableJson } from '#contracts/storable-text';

const errorsOf = (schema: z.ZodType, value: unknown): Record<string, string> => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error.issues);
};

const broken = ['\u0000', 'Ø12\u0000', '\ud800', 'a\udc00b', '\udbff\udbff', 'x\ud800'];
const whole = ['', 'Ø20 h7', '𝔘𝔫𝔦', '\ud83d\ude00 smile', 'tab\tand\nnewline'];

describe('isStorableText and toStorableText', () => {
  it('tell NUL and lone surrogates from everything else', () => {
    for (const value of broken) expect(isStorableText(value), JSON.stringify(value)).toBe(false);
    for (const value of whole) expect(isStorableText(value), JSON.stringify(value)).toBe(true);
  });

  it('agree with a UTF-8 round trip and make any string storable', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        const roundTrip = Buffer.from(value, 'utf8').toString('utf8') === value;
        expect(isStorableText(value)).toBe(roundTrip && !value.includes('\u0000'));
        const stored = toStorableText(value);
        expect(isStorableText(stored)).toBe(true);
        expect(stored.length).toBe(value.length);
        if (isStorableText(value)) expect(stored).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('text()', () => {
  it('refuses NUL and lone surrogates with the message, before trimming and length', () => {
    const schema = text({ error: 'Name is required.' }).trim().min(1, 'Name is required.');
    for (const value of broken) {
      const result = schema.safeParse(value);
      expect(result.error?.issues[0]?.message).toBe(unstorableTextMessage);
    }
    expect(schema.parse('  Ø20 h7 ')).toBe('Ø20 h7');
    expect(schema.safeParse(7).error?.issues[0]?.message).toBe('Name is required.');
  });

  it.each([
    ['sign-up', signupBodySchema, 'email', { email: 'ada\u0000@shop.test' }],
    ['sign-in', signinBodySchema, 'email', { email: '\u0000@shop.test', password: 'x' }],
    ['sign-in password', signinBodySchema, 'password', { email: 'a@b.co', password: '\ud800' }],
    ['forgot password', emailBodySchema, 'email', { email: 'a\ud800@b.co' }],
    ['profile', profileUpdateBodySchema, 'firstName', { firstName: 'A\u0000', lastName: 'B' }],
    ['prompt', promptBodySchema, 'promptText', { promptText: 'Read\u0000' }],
    ['machine', machineBodySchema, 'serialNumber', { serialNumber: 'SN\u0000' }],
    ['tool', toolBodySchema, 'toolHint', { toolHint: '\udc00' }],
    ['machines by type', machinesByTypeParamsSchema, 'type', { type: '\u0000' }],
    ['question', askBodySchema, 'message', { message: 'What \ud800?' }],
    [
      'workflow event',
      workflowEventBodySchema,
      'event',
      { event: { type: 'material.selected', material: 'Steel\u0000' } },
    ],
  ])('names the field of a %s body that cannot be stored', (_name, schema, field, body) => {
    expect(errorsOf(schema, body)[field]).toBe(unstorableTextMessage);
  });
});

describe('storableJson', () => {
  /** Strings with NUL and lone surrogates among ordinary characters. */
  const anyText = fc
    .array(fc.constantFrom('a', 'Ø', '\u0000', '\ud800', '\udc00', '\ud83d\ude00', ' '), {
      maxLength: 6,
    })
    .map((chars) => chars.join(''));
  const json = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      anyText,
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 3 }),
      fc.dictionary(anyText, tie('value'), { maxKeys: 3 }),
    ),
  })).value;
  const strings = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : Array.isArray(value)
        ? value.flatMap(strings)
        : value && typeof value === 'object'
          ? Object.entries(value).flatMap(([key, item]) => [key, ...strings(item)])
          : [];

  it('leaves only storable strings, and returns a storable value itself', () => {
    fc.assert(
      fc.property(json, (value) => {
        const stored = storableJson(value);
        expect(strings(stored).every(isStorableText)).toBe(true);
        if (strings(value).every(isStorableText)) expect(stored).toBe(value);
        // PostgreSQL's JSON takes it: no NUL escape and no lone surrogate in the text sent.
        expect(JSON.stringify(stored)).not.toMatch(/\\u0000/);
      }),
    );
  });
});
