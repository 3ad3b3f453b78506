import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { workflowStepOf } from '#machines/qbotContext';
import { qbotWorkflowMachine } from '#machines/qbotWorkflow';
import type { QbotEvent } from '#contracts/qbot-workflow';
import { qbotMessages, trackerIndexOf } from '#contracts/qbot-workflow';
import { activeAssistant } from '../assistants.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { RequestError } from '../api/client.ts';
import { ask, postWorkflowEvent, startConversation } from '../api/qbot.ts';
import { ChatInputBar } from '../components/ChatInputBar.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { uiActors } from './actors.ts';
import { ChatMessages } from './ChatMessages.tsx';
import { serverEventOf } from './dispatch.ts';
import { AnalysisProgressBar } from './AnalysisProgressBar.tsx';
import { PromptModal } from './PromptModal.tsx';
import { StepWidget } from './StepWidget.tsx';
import { WorkTracker } from './WorkTracker.tsx';
// The screen's areas of the stylesheet, after base.css and shop.css (src/main.tsx).
import '../styles/qbot.css';
import '../styles/backplot.css';

const accepted = '.jpg,.jpeg,.png,.pdf,.dxf,.step,.stp';

interface QbotScreenProps {
  threadId: string;
  /** The conversation as the server keeps it, or null for a new one. */
  snapshot: unknown;
  /** Fetch the conversation again (after the server refused an event). */
  resync: () => void;
}

/** The Q-Bot screen (spec section 2): header, avatar, Work Tracker, chat with the step widget, input bar. */
export function QbotScreen({ threadId, snapshot, resync }: QbotScreenProps) {
  const assistant = activeAssistant('/qbot');
  const logic = useMemo(() => qbotWorkflowMachine.provide({ actors: uiActors }), []);
  const actor = useActorRef(
    logic,
    snapshot
      ? { snapshot: snapshot as never, input: {} }
      : { input: { threadId, assistantId: 'qbot' } },
  );
  const state = useSelector(actor, (current) => current);
  const step = workflowStepOf(state.value);
  const active = state.hasTag('active');
  const busy = state.hasTag('busy');
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [asking, setAsking] = useState(false);
  const [avatarFailed, setAvatarFailed] = useState(false);
  // Prompt management is for admins and superusers (spec section 6).
  const { roles } = useAuth();
  const managesPrompts = roles.includes('admin') || roles.includes('superuser');
  const [promptsOpen, setPromptsOpen] = useState(false);
  const chatEnd = useRef<HTMLDivElement>(null);
  // On narrow screens the Work Tracker is a drawer over the chat, opened from the header.
  const trackerId = useId();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerToggle = useRef<HTMLButtonElement>(null);
  const closeDrawer = useCallback(() => {
    setDrawerOpen(false);
    drawerToggle.current?.focus();
  }, [setDrawerOpen]);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  // A layout effect, so it runs before the step widget's focus (a passive effect), whose scroll to
  // the step's primary button must come last: after a program is written the chat's end lies
  // below its long panel, past the Download button.
  useLayoutEffect(() => {
    // A block body: newer browsers return a promise from scrollIntoView, which is not a clean-up.
    void chatEnd.current?.scrollIntoView({ block: 'end' });
  }, [state.context.messages.length, step]);

  /** Send an event to the chart here and, in order, to the server's copy of it. */
  const send = useCallback(
    (event: QbotEvent) => {
      const toServer = serverEventOf(event);
      const current = actor.getSnapshot().context.threadId ?? threadId;
      actor.send(event);
      if (!toServer) return;
      queue.current = queue.current.then(() =>
        postWorkflowEvent(current, toServer).catch((error: unknown) => {
          const message =
            error instanceof RequestError && error.data?.message
              ? error.data.message
              : qbotMessages.loadFailed;
          window.alert(message);
          resync();
        }),
      );
    },
    [actor, threadId, resync],
  );

  const submit = async () => {
    if (active || asking) return;
    if (file) {
      const imageUrl = /\.(png|jpe?g)$/i.test(file.name) ? URL.createObjectURL(file) : undefined;
      setFile(null);
      setText('');
      // The new conversation is started here, so the progress bar knows which read to follow;
      // if it cannot start, the upload starts one itself and reports any error.
      const started = await startConversation().catch(() => undefined);
      send({
        type: 'blueprint.uploaded',
        fileName: file.name,
        file,
        ...(imageUrl ? { imageUrl } : {}),
        ...(started ? { threadId: started.thread_id } : {}),
      });
      return;
    }
    const question = text.trim();
    if (!question) {
      window.alert(qbotMessages.selectFileFirst);
      return;
    }
    const conversation = state.context.threadId ?? threadId;
    setAsking(true);
    try {
      const answer = await ask({ threadId: conversation, message: question });
      actor.send({ type: 'chat.exchanged', question, answer: answer.message });
      setText('');
    } catch (error) {
      console.error('The question could not be answered', error);
    } finally {
      setAsking(false);
    }
  };

  const showTracker =
    assistant.features.workTracker &&
    state.context.fileName !== null &&
    step !== 'awaiting_response';
  return (
    <section className={`qbot${showTracker ? ' with-tracker' : ''}`}>
      {showTracker ? (
        <WorkTracker
          id={trackerId}
          current={trackerIndexOf(step)}
          onReset={(target) => {
            closeDrawer();
            send({ type: 'tracker.reset', step: target });
          }}
          onCancel={() => {
            setDrawerOpen(false);
            send({ type: 'workflow.cancelled' });
          }}
          drawerOpen={drawerOpen}
          onDrawerClose={closeDrawer}
        />
      ) : null}
      <div className="qbot-main card">
        <header className="qbot-header">
          <img
            className="qbot-avatar"
            src={avatarFailed ? '/default-avatar.svg' : assistant.styling.avatar}
            alt=""
            onError={() => setAvatarFailed(true)}
          />
          <h1>{assistant.name}</h1>
          <div className="qbot-header-actions">
            {showTracker ? (
              <button
                ref={drawerToggle}
                type="button"
                className="button small tracker-drawer-toggle"
                aria-expanded={drawerOpen}
                aria-controls={trackerId}
                onClick={() => setDrawerOpen((value) => !value)}
              >
                Work Tracker
              </button>
            ) : null}
            {managesPrompts ? (
              <button type="button" className="button small" onClick={() => setPromptsOpen(true)}>
                Prompts
              </button>
            ) : null}
          </div>
          {promptsOpen ? (
            <PromptModal canManage={managesPrompts} onClose={() => setPromptsOpen(false)} />
          ) : null}
        </header>
        {/* A focusable region: a keyboard user scrolls the conversation with the arrows even
            while it holds no control (a drawing being read), axe's scrollable-region-focusable. */}
        <div className="chat-body" role="region" aria-label="Conversation" tabIndex={0}>
          <ChatMessages messages={state.context.messages} />
          {busy || asking ? (
            <p className="loader" role="status">
              <Spinner />{' '}
              {step === 'analyzing_blueprint'
                ? qbotMessages.analyzing
                : step === 'generate_gcode'
                  ? 'Writing and verifying the G-code...'
                  : 'Working...'}
              {step === 'analyzing_blueprint' ? (
                <AnalysisProgressBar threadId={state.context.threadId ?? threadId} />
              ) : null}
            </p>
          ) : null}
          <StepWidget state={state} send={send} />
          <div ref={chatEnd} />
        </div>
        <ChatInputBar
          text={text}
          onTextChange={setText}
          file={file}
          onFileChange={setFile}
          onSubmit={() => void submit()}
          fileUpload={assistant.features.fileUpload}
          accept={accepted}
          fileLabel="Drawing file"
          attachLabel="Attach a drawing"
          placeholder={active ? qbotMessages.workflowInProgress : qbotMessages.typeMessage}
          disabled={active}
          sending={asking}
        />
      </div>
    </section>
  );
}
