import type { EarlierProgram } from '#contracts/qbot-workflow';
import { setupSheetSchema } from '#contracts/setup-sheet';
import type { SetupSheet } from '#contracts/setup-sheet';

/** What the setup sheet page shows of a version: its sheet (when it has one) and its backplot. */
export type FoundVersion =
  | { kind: 'sheet'; sheet: SetupSheet; backplotUrl?: string }
  | { kind: 'no-sheet' }
  | { kind: 'not-found' };

/**
 * A program version in a conversation's workflow snapshot (its `context.program` or one of its
 * `context.earlierPrograms`), its setup sheet checked with the contract's schema: a snapshot is
 * data from the server, read as `unknown`.
 */
export function findVersion(snapshot: unknown, version: number): FoundVersion {
  const context = (snapshot as { context?: unknown } | null)?.context as
    { program?: EarlierProgram | null; earlierPrograms?: EarlierProgram[] } | undefined;
  const programs = [
    ...(context?.earlierPrograms ?? []),
    ...(context?.program ? [context.program] : []),
  ];
  const program = programs.find((entry) => entry?.version === version);
  if (!program) return { kind: 'not-found' };
  const sheet = setupSheetSchema.safeParse(program.setupSheet);
  if (!sheet.success) return { kind: 'no-sheet' };
  return {
    kind: 'sheet',
    sheet: sheet.data,
    ...(typeof program.backplotUrl === 'string' ? { backplotUrl: program.backplotUrl } : {}),
  };
}
