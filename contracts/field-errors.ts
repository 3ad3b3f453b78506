/**
 * The API's `errors` map from a validation's issues. Plain code with no schema library, so both
 * zod builds' issues fit it (full zod in `accounts.ts`, zod/mini in `accounts-mini.ts`).
 */

/** What `fieldErrors` reads of a zod issue (`z.core.$ZodIssue`, full zod or zod/mini). */
export interface FieldIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * Turn zod issues into the API's `errors` map: each field's first message, keyed by the
 * top-level field name (`''` issues, with no path, are keyed `form`).
 */
export function fieldErrors(issues: readonly FieldIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}
