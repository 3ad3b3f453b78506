/** The tooling screen's error texts (spec section 8, "Tooling screen"). */
import { shopMessages } from '#contracts/shop';
import { RequestError } from './client.ts';

/** Loading failed: the server's error text, 'No response received', or 'Error: {message}'. */
export function toolingLoadErrorText(error: unknown): string {
  if (error instanceof RequestError) {
    if (error.kind === 'network') return shopMessages.noResponse;
    if (error.kind === 'response') return error.data?.message ?? shopMessages.fetchFailed;
  }
  return shopMessages.errorPrefix(error instanceof Error ? error.message : String(error));
}
