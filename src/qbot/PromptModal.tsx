/**
 * The Prompt Management modal (spec sections 2, 6 and 8; docs/decisions/010-prompts.md): the
 * organization's current description and blueprint prompts in text areas of 8 rows with
 * character counts; for admins and superusers an Update button per prompt and the history of
 * each with a Delete per version. Outcomes show inside the modal as a status or an alert line.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { promptKinds, promptMaxLength, promptMessages } from '#contracts/prompts';
import type { CurrentPromptResponse, PromptKind, PromptRecord } from '#contracts/prompts';
import { deletePrompt, getPrompt, getPromptHistory, updatePrompt } from '../api/prompts.ts';
import { Dialog, useModalDialog } from '../components/Dialog.tsx';
import { FormMessage } from '../components/FormMessage.tsx';

/** Spec section 9: the modal is 800px wide and its text areas have 8 rows. */
const modalWidth = 800;
const textAreaRows = 8;

const headings: Record<PromptKind, string> = {
  description: 'Description Prompt',
  blueprint: 'Blueprint Prompt',
};

type PerKind<T> = Record<PromptKind, T>;

interface PromptModalProps {
  /** Admins and superusers: Update buttons, history and Delete. Others see the prompts read-only. */
  canManage: boolean;
  onClose: () => void;
}

interface Outcome {
  notice?: string;
  error?: string;
}

const preview = (text: string) => (text.length > 240 ? `${text.slice(0, 240)}…` : text);

type Current = CurrentPromptResponse;

/** What one reading of prompts (and, for managers, their histories) found. */
interface Loaded {
  prompts: Partial<PerKind<Current>>;
  histories: Partial<PerKind<PromptRecord[]>>;
  /** The spec's text for the first failure: prompts before history. */
  error?: string;
}

/** Read the current prompt of each kind given and, with `withHistory`, its history. */
async function load(kinds: readonly PromptKind[], withHistory: boolean): Promise<Loaded> {
  const [prompts, histories] = await Promise.all([
    Promise.allSettled(kinds.map((kind) => getPrompt(kind))),
    withHistory
      ? Promise.allSettled(kinds.map((kind) => getPromptHistory(kind)))
      : Promise.resolve([]),
  ]);
  const loaded: Loaded = { prompts: {}, histories: {} };
  const failed: PromptKind[] = [];
  prompts.forEach((result, index) => {
    const kind = kinds[index]!;
    if (result.status === 'fulfilled') loaded.prompts[kind] = result.value;
    else failed.push(kind);
  });
  let historyFailed = false;
  histories.forEach((result, index) => {
    const kind = kinds[index]!;
    if (result.status === 'fulfilled') loaded.histories[kind] = result.value.prompts;
    else historyFailed = true;
  });
  if (failed.length > 0) {
    // The description alone has a text of its own; any other failure is the general one.
    loaded.error =
      failed.length === 1 && failed[0] === 'description'
        ? promptMessages.descriptionFetchFailed
        : promptMessages.fetchFailed;
  } else if (historyFailed) {
    loaded.error = promptMessages.historyFetchFailed;
  }
  return loaded;
}

export function PromptModal({ canManage, onClose }: PromptModalProps) {
  // Modal: Tab stays inside, Escape closes, the focus returns to the Prompts button.
  const dialog = useModalDialog();
  const titleId = useId();
  const [current, setCurrent] = useState<PerKind<Current | null>>({
    description: null,
    blueprint: null,
  });
  const [texts, setTexts] = useState<PerKind<string>>({ description: '', blueprint: '' });
  const [histories, setHistories] = useState<PerKind<PromptRecord[] | null>>({
    description: null,
    blueprint: null,
  });
  const [outcome, setOutcome] = useState<Outcome>({});
  /** The version whose deletion waits for the confirmation dialog. */
  const [pendingDelete, setPendingDelete] = useState<{
    kind: PromptKind;
    id: string;
    when: string;
  } | null>(null);
  const [busy, setBusy] = useState(false);

  /** Show what was read; a failure to read wins over `success`. */
  const show = useCallback((loaded: Loaded, success: Outcome = {}) => {
    setCurrent((previous) => ({ ...previous, ...loaded.prompts }));
    setTexts((previous) => {
      const next = { ...previous };
      for (const [kind, prompt] of Object.entries(loaded.prompts) as [PromptKind, Current][])
        next[kind] = prompt.promptText;
      return next;
    });
    setHistories((previous) => ({ ...previous, ...loaded.histories }));
    setOutcome(loaded.error ? { error: loaded.error } : success);
  }, []);

  useEffect(() => {
    let open = true;
    void load(promptKinds, canManage).then((loaded) => {
      if (open) show(loaded);
    });
    return () => {
      open = false;
    };
  }, [canManage, show]);

  const update = async (kind: PromptKind) => {
    setBusy(true);
    try {
      await updatePrompt(kind, texts[kind]);
    } catch {
      setOutcome({ error: promptMessages.updateFailed(kind) });
      setBusy(false);
      return;
    }
    show(await load([kind], canManage), { notice: promptMessages.updated(kind) });
    setBusy(false);
  };

  const remove = async (kind: PromptKind, id: string) => {
    setBusy(true);
    try {
      await deletePrompt(id);
    } catch {
      setOutcome({ error: promptMessages.deleteFailed });
      setBusy(false);
      return;
    }
    show(await load([kind], canManage), { notice: promptMessages.deleted });
    setBusy(false);
  };

  return createPortal(
    <dialog
      ref={dialog}
      className="dialog prompt-modal"
      aria-labelledby={titleId}
      style={{
        width: `${modalWidth}px`,
        maxWidth: 'calc(100% - 2rem)',
        maxHeight: 'calc(100vh - 2rem)',
        overflowY: 'auto',
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // Only a click on the backdrop closes it, not one on the modal's own padding.
        if (event.target !== dialog.current) return;
        const box = dialog.current.getBoundingClientRect();
        const inside =
          event.clientX >= box.left &&
          event.clientX <= box.right &&
          event.clientY >= box.top &&
          event.clientY <= box.bottom;
        if (!inside) onClose();
      }}
    >
      <h2 id={titleId}>{promptMessages.title}</h2>
      <FormMessage error={outcome.error ?? null} notice={outcome.notice ?? null} />
      {promptKinds.map((kind) => {
        const text = texts[kind];
        const saved = current[kind]?.promptText;
        const areaId = `${titleId}-${kind}`;
        const history = histories[kind];
        return (
          <section key={kind} className="text-step" aria-label={headings[kind]}>
            <label htmlFor={areaId} style={{ fontWeight: 600, marginTop: '0.75rem' }}>
              {headings[kind]}
            </label>
            <textarea
              id={areaId}
              rows={textAreaRows}
              value={text}
              maxLength={promptMaxLength}
              readOnly={!canManage || current[kind] === null}
              aria-describedby={`${areaId}-count`}
              onChange={(event) => {
                const value = event.target.value;
                setTexts((previous) => ({ ...previous, [kind]: value }));
              }}
            />
            <div className="heading-row">
              <span id={`${areaId}-count`} className="muted">
                {text.length.toLocaleString('en-US')} characters
              </span>
              {canManage ? (
                <button
                  type="button"
                  className="button primary small"
                  disabled={busy || saved === undefined || !text.trim() || text.trim() === saved}
                  onClick={() => void update(kind)}
                >
                  Update
                </button>
              ) : null}
            </div>
            {canManage ? (
              <div>
                <h4 style={{ margin: '0.5rem 0 0.25rem' }}>{headings[kind]} History</h4>
                {history === null ? null : history.length === 0 ? (
                  <p className="muted">{promptMessages.noHistory}</p>
                ) : (
                  <ul
                    className="prompt-history"
                    aria-label={`${headings[kind]} History`}
                    style={{
                      listStyle: 'none',
                      margin: 0,
                      padding: 0,
                      maxHeight: '14rem',
                      overflowY: 'auto',
                    }}
                  >
                    {history.map((entry) => {
                      const when = new Date(entry.createdAt).toLocaleString();
                      const inUse = current[kind]?.prompt?._id === entry._id;
                      return (
                        <li
                          key={entry._id}
                          style={{
                            display: 'flex',
                            gap: '0.75rem',
                            alignItems: 'flex-start',
                            borderBottom: '1px solid var(--border)',
                            padding: '0.4rem 0',
                          }}
                        >
                          <div style={{ flex: 1, minWidth: 0 }}>
                            <div className="muted">
                              {when}
                              {inUse ? <span className="badge">current</span> : null}
                            </div>
                            <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                              {preview(entry.promptText)}
                            </div>
                          </div>
                          <button
                            type="button"
                            className="button small danger"
                            disabled={busy}
                            aria-label={`Delete the ${kind} prompt of ${when}`}
                            onClick={() => setPendingDelete({ kind, id: entry._id, when })}
                          >
                            Delete
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </div>
            ) : null}
          </section>
        );
      })}
      <div className="actions">
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
      {pendingDelete ? (
        <Dialog
          title="Delete Prompt"
          onDismiss={() => setPendingDelete(null)}
          actions={[
            { label: 'Cancel', onClick: () => setPendingDelete(null) },
            {
              label: 'Delete',
              primary: true,
              danger: true,
              onClick: () => {
                const { kind: deletedKind, id } = pendingDelete;
                setPendingDelete(null);
                void remove(deletedKind, id);
              },
            },
          ]}
        >
          <p>{`Delete the ${pendingDelete.kind} prompt of ${pendingDelete.when}? This cannot be undone.`}</p>
        </Dialog>
      ) : null}
    </dialog>,
    document.body,
  );
}
