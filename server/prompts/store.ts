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
import { prompts } from '#db/schema';
import type { PromptKind } from '#db/schema';
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

/** The newest row of a kind for an organization, or of the product default when `null`. */
async function newest(db: Database, organizationId: string | null, kind: PromptKind) {
  const [row] = await db
    .select()
    .from(prompts)
    .where(
      and(
        organizationId === null
          ? isNull(prompts.organizationId)
          : eq(prompts.organizationId, organizationId),
        eq(prompts.kind, kind),
      ),
    )
    .orderBy(desc(prompts.createdAt))
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
