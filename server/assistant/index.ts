import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config';
import type { Database } from '#server/database';
import type { FileStore } from '#server/storage/file-store';
import { createClaudeProvider } from './claude/index.ts';
import type { JobRunner } from '#server/jobs/pool';
import { createOfflineProvider } from './offline/index.ts';
import type { AssistantProvider } from './types.ts';

export interface ProviderDeps {
  db: Database;
  files: FileStore;
  log: FastifyBaseLogger;
  /** Runs drawing reads and expansions off the request thread (server/jobs). */
  jobs: JobRunner;
}

/**
 * The assistant provider the configuration asks for: `claude` with an API key (or
 * ASSISTANT_PROVIDER=claude), `offline` otherwise.
 */
export function assistantProviderFor(config: Config, deps: ProviderDeps): AssistantProvider {
  if (config.assistantProvider !== 'claude' || !config.anthropicApiKey)
    return createOfflineProvider(deps.jobs);
  deps.log.info(
    { model: config.anthropicModel, baseUrl: config.anthropicBaseUrl ?? 'the SDK default' },
    'assistant provider: claude',
  );
  return createClaudeProvider({
    db: deps.db,
    files: deps.files,
    apiKey: config.anthropicApiKey,
    ...(config.anthropicBaseUrl ? { baseURL: config.anthropicBaseUrl } : {}),
    model: config.anthropicModel,
    timeoutMs: config.anthropicTimeoutMs,
    maxRetries: config.anthropicMaxRetries,
    jobs: deps.jobs,
    log: deps.log,
  });
}

export type { AssistantProvider } from './types.ts';
