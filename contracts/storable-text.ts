/**
 * What PostgreSQL can store as text and inside JSON: no NUL character and no lone UTF-16
 * surrogate. Plain code with no schema library, so both zod builds can check it: `text()` in
 * `text.ts` (full zod) and the sign-in page's schemas in `accounts-mini.ts` (zod/mini).
 */

/** The refusal's text: the API sends it as the field's message. */
export const unstorableTextMessage =
  'The text holds a character that cannot be stored (NUL or a broken surrogate).';

/** A NUL, a high surrogate not followed by a low one, or a low surrogate not after a high one. */
const unstorable = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when PostgreSQL can store `value` as text and inside JSON. */
export const isStorableText = (value: string): boolean => !unstorable.test(value);

/** `value` with each NUL and lone surrogate replaced by U+FFFD (the replacement character). */
export const toStorableText = (value: string): string =>
  value.replace(new RegExp(unstorable.source, 'g'), '\ufffd');
