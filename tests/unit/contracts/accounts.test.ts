import { describe, expect, it } from 'vitest';
import {
  accountMessages,
  emailBodySchema,
  resetPasswordBodySchema,
  signinBodySchema,
  signupBodySchema,
  signupFormSchema,
} from '#contracts/accounts';
import { fieldErrors } from '#contracts/errors';
import { profileUpdateBodySchema } from '#contracts/profile';
import type { z } from 'zod';

const errorsOf = (schema: z.ZodType, value: unknown): Record<string, string> => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error.issues);
};

const validSignup = {
  email: 'ada@shop.test',
  firstName: 'Ada',
  lastName: 'Turner',
  password: 'Lathe2024!',
  confirmPassword: 'Lathe2024!',
};

describe('sign-up rules (spec section 5)', () => {
  it('accepts a complete form, with or without an organization', () => {
    expect(errorsOf(signupBodySchema, validSignup)).toEqual({});
    expect(errorsOf(signupBodySchema, { ...validSignup, organization: 'Acme Turning' })).toEqual(
      {},
    );
    expect(errorsOf(signupFormSchema, validSignup)).toEqual({});
  });

  it.each([
    ['', 'Email is required.'],
    ['   ', 'Email is required.'],
    ['ada', 'Email is not valid.'],
    ['ada@shop', 'Email is not valid.'],
    ['@shop.test', 'Email is not valid.'],
    ['ada @shop.test', 'Email is not valid.'],
  ])('email %j gives %j', (email, message) => {
    expect(errorsOf(signupFormSchema, { ...validSignup, email }).email).toBe(message);
    expect(errorsOf(signupBodySchema, { ...validSignup, email }).email).toBe(message);
  });

  it('requires an email when the field is missing', () => {
    const rest: Partial<typeof validSignup> = { ...validSignup };
    delete rest.email;
    expect(errorsOf(signupBodySchema, rest).email).toBe('Email is required.');
  });

  it.each([
    ['Lathe20!', true],
    ['a1!aaaaa', true],
    [`A1!${'x'.repeat(37)}`, true],
    ['Lathe2!', false], // 7 characters
    [`A1!${'x'.repeat(38)}`, false], // 41 characters
    ['Lathe2024', false], // no special character
    ['Lathe!!!!', false], // no digit
    ['12345678!', false], // no letter
    ['Lathe 24-', false], // '-' and ' ' are not among !@#$%^&*
  ])('password %j passes: %s', (password, passes) => {
    const errors = errorsOf(signupFormSchema, {
      ...validSignup,
      password,
      confirmPassword: password,
    });
    expect(errors.password).toBe(passes ? undefined : accountMessages.passwordRule);
  });

  it('says the passwords do not match', () => {
    expect(errorsOf(signupFormSchema, { ...validSignup, confirmPassword: 'Lathe2024?' })).toEqual({
      confirmPassword: 'Passwords do not match.',
    });
  });

  it('gives names no client rule but requires them on the server', () => {
    const noNames = { ...validSignup, firstName: ' ', lastName: '' };
    expect(errorsOf(signupFormSchema, noNames)).toEqual({});
    expect(errorsOf(signupBodySchema, noNames)).toEqual({
      firstName: 'First name is required.',
      lastName: 'Last name is required.',
    });
  });

  it('trims the organization and treats a blank one as none', () => {
    const parsed = signupBodySchema.parse({ ...validSignup, organization: '  Acme  ' });
    expect(parsed.organization).toBe('Acme');
    expect(
      signupBodySchema.parse({ ...validSignup, organization: '   ' }).organization,
    ).toBeUndefined();
    expect(
      signupBodySchema.parse({ ...validSignup, organization: null }).organization,
    ).toBeUndefined();
  });
});

describe('sign-in rules (spec section 5)', () => {
  it.each([
    [{ email: '', password: 'x' }, { email: 'Email is required.' }],
    [{ email: 'nope', password: 'x' }, { email: 'Email is not a valid email address.' }],
    [{ email: 'ada@shop.test', password: '' }, { password: 'Password is required.' }],
    [{}, { email: 'Email is required.', password: 'Password is required.' }],
    [{ email: 'ada@shop.test', password: 'x' }, {}],
  ])('%j gives %j', (body, errors) => {
    expect(errorsOf(signinBodySchema, body)).toEqual(errors);
  });
});

describe('forgot and reset password rules', () => {
  it('requires a valid email for forgot-password and resend-verification', () => {
    expect(errorsOf(emailBodySchema, { email: '' })).toEqual({ email: 'Email is required.' });
    expect(errorsOf(emailBodySchema, { email: 'x@y' })).toEqual({ email: 'Email is not valid.' });
    expect(errorsOf(emailBodySchema, { email: 'x@y.z' })).toEqual({});
  });

  it('applies the sign-up password rule to a new password', () => {
    expect(errorsOf(resetPasswordBodySchema, { newPassword: 'short' })).toEqual({
      newPassword: accountMessages.passwordRule,
    });
    expect(errorsOf(resetPasswordBodySchema, { newPassword: 'Lathe2024!' })).toEqual({});
  });
});

describe('profile rules', () => {
  it('requires both names and limits their length', () => {
    expect(errorsOf(profileUpdateBodySchema, { firstName: '', lastName: ' ' })).toEqual({
      firstName: 'First name is required.',
      lastName: 'Last name is required.',
    });
    expect(
      errorsOf(profileUpdateBodySchema, { firstName: 'A'.repeat(101), lastName: 'B' }),
    ).toEqual({
      firstName: 'Names must be at most 100 characters.',
    });
  });
});
