import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config';
import { demoAdminSignIn, seedDemoShop, writeDemoAdminFile } from '#server/demo-shop';

/**
 * Seed the demo shop on a first start (DEMO_SHOP, on by default with the embedded database) and
 * give its admin's address and password once: printed when stdout is a terminal (a person ran
 * `npm start`), else written to `$DATA_DIR/demo-shop-admin.txt` (mode 0600) with one console
 * line naming the file, since stdout that is not a terminal usually ends in a log collector.
 */
async function demoShopPlugin(app: FastifyInstance, options: { config: Config }): Promise<void> {
  if (!options.config.demoShop) return;
  const admin = await seedDemoShop(app.db);
  if (!admin) return;
  app.log.info('demo shop created');
  if (process.stdout.isTTY) {
    console.info(
      `\nDemo shop created. ${demoAdminSignIn(admin)}\n(shown only this once; change it with Forgot Password? if you lose it).\n`,
    );
    return;
  }
  const file = await writeDemoAdminFile(options.config.dataDir, admin);
  console.info(
    `\nDemo shop created: its admin's address and password are in ${file} (readable by this account only).\n`,
  );
}

export default fp(demoShopPlugin, {
  name: 'demo-shop',
  fastify: '5.x',
  dependencies: ['database', 'catalog'],
});
