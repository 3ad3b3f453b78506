import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config';
import { seedDemoShop } from '#server/demo-shop';

/** Seed the demo shop on a first start (DEMO_SHOP, on by default with the embedded database). */
async function demoShopPlugin(app: FastifyInstance, options: { config: Config }): Promise<void> {
  if (!options.config.demoShop) return;
  const credentials = await seedDemoShop(app.db);
  if (credentials) {
    app.log.info({ email: credentials.email }, 'demo shop created');
    console.info(
      `\nDemo shop created. Sign in as ${credentials.email} with the password ${credentials.password}\n(shown only this once; change it with Forgot Password? if you lose it).\n`,
    );
  }
}

export default fp(demoShopPlugin, {
  name: 'demo-shop',
  fastify: '5.x',
  dependencies: ['database', 'catalog'],
});
