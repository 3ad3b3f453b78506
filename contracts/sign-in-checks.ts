/**
 * The sign-in page's form checks, as plain code: the sign-in form and the organization panel
 * that the sign-in chart (machines/signIn.ts) checks before it sends them.
 *
 * The server validates the same bodies with the full-zod `signinBodySchema` and
 * `joinOrganizationBodySchema` of `accounts.ts`. The sign-in page is the first page a visitor
 * opens, and any zod on it, even zod/mini, brings the whole zod core the other pages share
 * (about 15 kB gzipped): docs/decisions/028-signin-bundle.md. These checks read the same rules
 * (`account-rules.ts`) and give the same issues, in the order zod's checks run, for every string
 * input: tests/unit/contracts/sign-in-checks.test.ts compares them with the server's schemas.
 */
import {
  accountMessages,
  accountServerMessages,
  emailMaxLength,
  emailPattern,
  organizationMaxLength,
} from './account-rules.ts';
import type { FieldIssue } from './field-errors.ts';
import { isStorableText, unstorableTextMessage } from './storable-text.ts';

/** One text field's rule, in the order `text()` and its chained checks run in `accounts.ts`. */
interface TextRule {
  /** `.trim()` before the length and pattern checks. */
  trim: boolean;
  /** `.min(1, …)`: the message for an empty (or blank, when trimmed) value. */
  required: string;
  /** `.max(…, …)`: the longest value, in code points, and its message. */
  max?: { length: number; message: string };
  /** `.regex(…, …)`: the pattern and its message. */
  pattern?: { regex: RegExp; message: string };
}

/** Every failed check of one field, as zod reports them: zod runs every check of a string. */
function textIssues(field: string, value: string, rule: TextRule): FieldIssue[] {
  const messages: string[] = [];
  if (!isStorableText(value)) messages.push(unstorableTextMessage);
  const checked = rule.trim ? value.trim() : value;
  if (checked.length < 1) messages.push(rule.required);
  // zod counts a string's length in code points (a surrogate pair is one), as the spread does.
  if (rule.max && [...checked].length > rule.max.length) messages.push(rule.max.message);
  if (rule.pattern && !rule.pattern.regex.test(checked)) messages.push(rule.pattern.message);
  return messages.map((message) => ({ path: [field], message }));
}

const emailRule: TextRule = {
  trim: true,
  required: accountMessages.emailRequired,
  max: { length: emailMaxLength, message: accountMessages.emailNotValidAddress },
  pattern: { regex: emailPattern, message: accountMessages.emailNotValidAddress },
};

const passwordRule: TextRule = { trim: false, required: accountMessages.passwordRequired };

const organizationRule: TextRule = {
  trim: true,
  required: accountServerMessages.organizationRequired,
  max: { length: organizationMaxLength, message: accountServerMessages.organizationTooLong },
};

/**
 * The sign-in form's problems, as `signinBodySchema` finds them (spec section 5, "Sign in").
 * @returns the issues in zod's order (email, then password); empty when the form may be sent
 */
export function signinFormIssues(form: { email: string; password: string }): FieldIssue[] {
  return [
    ...textIssues('email', form.email, emailRule),
    ...textIssues('password', form.password, passwordRule),
  ];
}

/**
 * The organization panel's problems, as `joinOrganizationBodySchema` finds them.
 * @returns the issues in zod's order (email, password, organization); empty when it may be sent
 */
export function joinOrganizationFormIssues(form: {
  email: string;
  password: string;
  organization: string;
}): FieldIssue[] {
  return [
    ...signinFormIssues(form),
    ...textIssues('organization', form.organization, organizationRule),
  ];
}
