import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config';
import { offlineProvider } from './offline/index.ts';
import type { AssistantProvider } from './types.ts';

/**
 * The assistant provider the configuration asks for. The `claude` provider is built in a later
 * release; until then a configured key is reported and the offline provider answers.
 */
export function assistantProviderFor(config: Config, log: FastifyBaseLogger): AssistantProvider {
  if (config.assistantProvider === 'claude') {
    log.warn(
      'ASSISTANT_PROVIDER is claude, but the Claude provider is not available in this version: using the offline provider',
    );
  }
  return offlineProvider;
}

export type { AssistantProvider } from './types.ts';
