/**
 * The assistant's prompts (spec section 3, "Prompt record"): each organization's current
 * description and blueprint prompts, falling back to the product default.
 *
 * The current prompt of a kind is the newest version the organization posted, else the newest
 * version of the product default (rows without an organization, posted by superusers), else the
 * text shipped in db/seed/prompts/{kind}.md.
 */
import { readFileSync } from 'node:fs';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { prompts } from '#db/schema';
import type { PromptKind } from '#contracts/prompts';
import type { Database } from '#server/database';
import { projectPath } from '#server/paths';

const shipped = new Map<PromptKind, string>();

/** The product's own default text of a kind, from db/seed/prompts/{kind}.md. */
export function shippedPrompt(kind: PromptKind): string {
  let text = shipped.get(kind);
  if (text === undefined) {
    text = readFileSync(projectPath(`db/seed/prompts/${kind}.md`), 'utf8').trim();
    shipped.set(kind, text);
  }
  return text;
}

/** A stored prompt version. */
export type StoredPrompt = typeof prompts.$inferSelect;

/** Rows of an organization, or of the product default when `organizationId` is `null`. */
const inScope = (organizationId: string | null, kind: PromptKind): SQL | undefined =>
  and(
    organizationId === null
      ? isNull(prompts.organizationId)
      : eq(prompts.organizationId, organizationId),
    eq(prompts.kind, kind),
  );

/** The newest row of a kind for an organization, or of the product default when `null`. */
async function newest(
  db: Database,
  organizationId: string | null,
  kind: PromptKind,
): Promise<StoredPrompt | undefined> {
  const [row] = await db
    .select()
    .from(prompts)
    .where(inScope(organizationId, kind))
    .orderBy(desc(prompts.createdAt), desc(prompts.id))
    .limit(1);
  return row;
}

/** The product default of a kind as it stands: the newest superuser version, else the shipped text. */
export async function defaultPrompt(db: Database, kind: PromptKind): Promise<string> {
  return (await newest(db, null, kind))?.promptText ?? shippedPrompt(kind);
}

/** The prompt of a kind the organization's assistant uses now. */
export async function currentPrompt(
  db: Database,
  organizationId: string,
  kind: PromptKind,
): Promise<string> {
  return (await newest(db, organizationId, kind))?.promptText ?? defaultPrompt(db, kind);
}

/** Where the current prompt of a kind comes from, with the stored version when there is one. */
export interface CurrentPromptVersion {
  promptText: string;
  /** The stored version in use, or null while the shipped text is used. */
  version: StoredPrompt | null;
  source: 'organization' | 'default';
}

/**
 * The prompt of a kind as {@link currentPrompt} finds it, with its stored version. With
 * `organizationId` null, the product default as {@link defaultPrompt} finds it.
 */
export async function currentPromptVersion(
  db: Database,
  organizationId: string | null,
  kind: PromptKind,
): Promise<CurrentPromptVersion> {
  const own = organizationId === null ? undefined : await newest(db, organizationId, kind);
  if (own) return { promptText: own.promptText, version: own, source: 'organization' };
  const product = await newest(db, null, kind);
  return {
    promptText: product?.promptText ?? shippedPrompt(kind),
    version: product ?? null,
    source: 'default',
  };
}

/**
 * The stored versions of a kind of an organization (or of the product default when `null`),
 * newest first, at most `limit` of them.
 */
export function promptHistory(
  db: Database,
  organizationId: string | null,
  kind: PromptKind,
  limit: number,
): Promise<StoredPrompt[]> {
  return db
    .select()
    .from(prompts)
    .where(inScope(organizationId, kind))
    .orderBy(desc(prompts.createdAt), desc(prompts.id))
    .limit(limit);
}

/** Store a new version, which becomes current for its organization (or the product default). */
export async function addPrompt(
  db: Database,
  version: {
    organizationId: string | null;
    kind: PromptKind;
    promptText: string;
    createdBy: string;
  },
): Promise<StoredPrompt> {
  const [row] = await db.insert(prompts).values(version).returning();
  if (!row) throw new Error('the prompt version was not stored');
  return row;
}

/** The stored version with this id, whatever its organization, or undefined. */
export async function findPrompt(db: Database, id: string): Promise<StoredPrompt | undefined> {
  const [row] = await db.select().from(prompts).where(eq(prompts.id, id)).limit(1);
  return row;
}

/**
 * Remove a stored version; the previous one (or the default) is current again.
 * @returns the removed row, or undefined when there was none with this id
 */
export async function deletePrompt(db: Database, id: string): Promise<StoredPrompt | undefined> {
  const [row] = await db.delete(prompts).where(eq(prompts.id, id)).returning();
  return row;
}
