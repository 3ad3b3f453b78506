import { setupSheetMessages } from '../../messages.ts';

/** The setup sheet page of a program version (src/routes/_auth/setup-sheet.tsx). */
export const setupSheetHref = (threadId: string, version: number): string =>
  `/setup-sheet?${new URLSearchParams({ threadId, version: String(version) }).toString()}`;

/**
 * A link that opens a version's printable setup sheet in a new tab, so the chat stays where it
 * is (docs/decisions/107-setup-sheet.md). Nothing without a conversation.
 */
export function SetupSheetLink({
  threadId,
  version,
  label = setupSheetMessages.link,
}: {
  threadId: string | null | undefined;
  version: number;
  label?: string;
}) {
  if (!threadId) return null;
  return (
    <a
      className="button setup-sheet-link"
      href={setupSheetHref(threadId, version)}
      target="_blank"
      rel="noopener"
    >
      {label}
    </a>
  );
}
