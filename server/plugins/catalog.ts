import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readCatalog, syncCatalog } from '#server/catalog/sync';

/** At start, bring the catalog tables in step with db/seed/catalog.json. */
async function catalogPlugin(
  app: FastifyInstance,
  options: { catalogFile?: string },
): Promise<void> {
  const catalog = await readCatalog(options.catalogFile);
  await syncCatalog(app.db, catalog);
  app.log.info(
    `catalog: ${catalog.models.length} machine models from ${catalog.manufacturers.length} manufacturers`,
  );
}

export default fp(catalogPlugin, { name: 'catalog', fastify: '5.x', dependencies: ['database'] });
