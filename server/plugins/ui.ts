import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { Config } from '#server/config';
import type { ApiError } from '#contracts/errors';
import { apiMessages } from '#contracts/errors';
import { projectPath } from '#server/paths';

/** Where `vite build` puts the UI. */
export const clientDir = projectPath('dist/client');

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Serves the built UI from dist/client: hashed assets with a year's cache, and index.html (with
 * the runtime settings the UI needs written into its meta tags) for every other GET outside
 * `/api` and `/assets`, so the client-side router handles deep links. Unknown `/api` paths and
 * missing assets get a JSON 404.
 */
async function uiPlugin(
  app: FastifyInstance,
  options: { config: Config; uiDir?: string },
): Promise<void> {
  const uiDir = options.uiDir ?? clientDir;
  const indexFile = join(uiDir, 'index.html');
  const indexHtml = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8').replace(
        '__MARKETING_URL__',
        escapeAttribute(options.config.marketingUrl),
      )
    : undefined;

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: uiDir,
      index: false,
      // One route per built file; every other path falls through to index.html below.
      wildcard: false,
      globIgnore: ['index.html'],
      setHeaders(reply, path) {
        const immutable = path.startsWith(join(uiDir, 'assets'));
        void reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    // A built file that is not there (an old hashed asset) is a 404, not the page: served as
    // HTML it would be refused as a script or style anyway.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api') &&
      !request.url.startsWith('/assets/');
    if (isPage && indexHtml) {
      return reply
        .code(200)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    }
    const body: ApiError = {
      message: isPage
        ? 'The UI is not built yet: run `npm run build` or `npm start`.'
        : apiMessages.notFound,
      code: 'not_found',
    };
    return reply.code(404).send(body);
  });
}

export default fp(uiPlugin, { name: 'ui', fastify: '5.x' });
