/**
 * Answers kept as JSON text in the read cache (./read-cache.ts): serialized once, through the
 * route's own response schema (fastify-type-provider-zod's serializer, which checks the shape
 * and drops any field the schema does not name), then sent as they are until a table they were
 * read from changes.
 */
import type { FastifyReply } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { AnnouncedTable, ReadCache } from './read-cache.ts';

/** The route's serializer for `schema` (the 200 answer of `method url`). */
export function jsonSerializer<T>(schema: ZodType<T>, method: string, url: string) {
  return serializerCompiler({ schema, method, url }) as (data: T) => string;
}

/**
 * Send the JSON kept under `key`, or what `load` reads, serialized by `serialize`.
 * @param key - must name everything the answer depends on, the organization first
 * @throws whatever `load` throws (an AppError 404 for another shop's id, say); nothing is kept
 */
export async function sendCachedJson<T>(
  cache: ReadCache,
  reply: FastifyReply,
  key: string,
  tables: readonly AnnouncedTable[],
  serialize: (data: T) => string,
  load: () => Promise<T>,
): Promise<FastifyReply> {
  const json = await cache.read(key, tables, async () => serialize(await load()));
  // A string with a JSON content type is sent as it is, without serializing it again.
  return reply.type('application/json; charset=utf-8').send(json);
}
