/**
 * The one string type for request input (bodies, path parameters, query strings and the forms
 * that send them). PostgreSQL cannot store a NUL character in text or JSON, and it refuses a
 * lone UTF-16 surrogate in JSON: such a string is refused here, with a 400 that names the field,
 * before it reaches a query. Response schemas keep `z.string()`.
 */
import { z } from 'zod';

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

/**
 * `z.string()` for request input: the same parameters (`{ error }` for the message when the value
 * is not a string), and refuses NUL and lone surrogates with {@link unstorableTextMessage}.
 * Chain `.trim()`, `.min()`, `.max()`, `.regex()` on it as on `z.string()`.
 */
export const text = (params?: string | z.core.$ZodStringParams) =>
  z.string(params).refine(isStorableText, unstorableTextMessage);
