import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';

/** helmet's settings for the product: its defaults, for a product served on plain http too. */
export const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      // Shops run the product on plain http inside their network: do not force https.
      upgradeInsecureRequests: null,
      imgSrc: ["'self'", 'data:', 'blob:'],
    },
  },
  hsts: false,
};

/**
 * The headers helmet sets with `options`, by lowercase name, read by running its middleware once
 * against a response that records them. With these options (no nonces, nothing read from the
 * request) helmet sets the same headers on every response.
 * @throws whatever helmet throws for options it refuses
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return recorder;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: Error | undefined;
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) failure = error instanceof Error ? error : new Error('helmet refused its options');
    },
  );
  if (failure) throw failure;
  return headers;
}

let headers: Record<string, string> | undefined;

/**
 * The headers every answer carries (helmet's with {@link helmetOptions}), by lowercase name,
 * worked out once; the framework's own refusals set them too (server/framework-answers.ts).
 */
export function securityHeaders(): Record<string, string> {
  headers ??= helmetHeaders(helmetOptions);
  return headers;
}

/**
 * helmet's security headers (Content-Security-Policy, X-Content-Type-Options, …) on every
 * answer. They are worked out once at start and set through Fastify's reply; @fastify/helmet
 * built helmet's middleware again for every request and set each header on the raw response,
 * together a fifth of an authenticated read's time (docs/decisions/032-lean-request-path.md).
 */
async function securityHeadersPlugin(app: FastifyInstance): Promise<void> {
  const every = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(every);
    done();
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers', fastify: '5.x' });
