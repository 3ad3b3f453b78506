/**
 * The one string type for request input (bodies, path parameters, query strings and the forms
 * that send them). PostgreSQL cannot store a NUL character in text or JSON, and it refuses a
 * lone UTF-16 surrogate in JSON: such a string is refused here, with a 400 that names the field,
 * before it reaches a query. Response schemas keep `z.string()`.
 */
import { z } from 'zod';
import { isStorableText, unstorableTextMessage } from './storable-text.ts';

export { isStorableText, toStorableText, unstorableTextMessage } from './storable-text.ts';

/**
 * `z.string()` for request input: the same parameters (`{ error }` for the message when the value
 * is not a string), and refuses NUL and lone surrogates with {@link unstorableTextMessage}.
 * Chain `.trim()`, `.min()`, `.max()`, `.regex()` on it as on `z.string()`.
 */
export const text = (params?: string | z.core.$ZodStringParams) =>
  z.string(params).refine(isStorableText, unstorableTextMessage);
