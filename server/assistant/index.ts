import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config';
import type { Database } from '#server/database';
import type { FileStore } from '#server/storage/file-store';
import { createClaudeProvider } from './claude/index.ts';
import type { DxfRenderer } from './claude/drawing.ts';
import { offlineProvider } from './offline/index.ts';
import type { AssistantProvider } from './types.ts';

export interface ProviderDeps {
  db: Database;
  files: FileStore;
  log: FastifyBaseLogger;
  renderDxf?: DxfRenderer;
}

/**
 * The assistant provider the configuration asks for: `claude` with an API key (or
 * ASSISTANT_PROVIDER=claude), `offline` otherwise.
 */
export function assistantProviderFor(config: Config, deps: ProviderDeps): AssistantProvider {
  if (config.assistantProvider !== 'claude' || !config.anthropicApiKey) return offlineProvider;
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
    ...(deps.renderDxf ? { renderDxf: deps.renderDxf } : {}),
    log: deps.log,
  });
}

export type { AssistantProvider } from './types.ts';
