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

/**
 * `value` with every string in it (object keys too) made storable ({@link toStorableText}): for
 * JSON a database column keeps, written from text no schema refused (a drawing's reading, an
 * assistant's answer). Objects and arrays are copied only where a string changes.
 */
export function storableJson<T>(value: T): T {
  if (typeof value === 'string')
    return (isStorableText(value) ? value : toStorableText(value)) as T;
  if (Array.isArray(value)) {
    const list: readonly unknown[] = value;
    const items = list.map((item) => storableJson(item));
    return (items.every((item, index) => item === list[index]) ? value : items) as T;
  }
  const proto: unknown = value && typeof value === 'object' ? Object.getPrototypeOf(value) : 0;
  if (proto === Object.prototype || proto === null) {
    let changed = false;
    const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => {
      const [k, v] = [storableJson(key), storableJson<unknown>(item)];
      if (k !== key || v !== item) changed = true;
      return [k, v] as const;
    });
    return (changed ? Object.fromEntries(entries) : value) as T;
  }
  return value;
}
