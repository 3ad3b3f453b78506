/** The tooling screen's error texts (spec section 8, "Tooling screen"). */
import { shopMessages } from '#contracts/shop';
import { RequestError } from './client.ts';

/**
 * Loading failed: the server's error text, 'No response received', or 'Error: {message}'. A
 * refused request (a machine id that is no id) gives its field's text ('Machine not found.'):
 * the page has no field to highlight.
 */
export function toolingLoadErrorText(error: unknown): string {
  if (error instanceof RequestError) {
    if (error.kind === 'network') return shopMessages.noResponse;
    if (error.kind === 'response') {
      const fieldText = Object.values(error.data?.errors ?? {})[0];
      return fieldText ?? error.data?.message ?? shopMessages.fetchFailed;
    }
  }
  return shopMessages.errorPrefix(error instanceof Error ? error.message : String(error));
}
