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
 * helmet's security headers (Content-Security-Policy, X-Content-Type-Options, …) on every
 * answer. helmet builds its middleware, and the header values, once here; @fastify/helmet
 * built them again for every request, a tenth of an authenticated read's time
 * (docs/decisions/032-lean-request-path.md).
 */
async function securityHeadersPlugin(app: FastifyInstance): Promise<void> {
  const applyHeaders = helmet(helmetOptions);
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers', fastify: '5.x' });
