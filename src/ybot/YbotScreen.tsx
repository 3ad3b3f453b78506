import { useEffect, useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import { qbotMessages } from '#contracts/qbot-workflow';
import type { ChatMessage } from '#contracts/qbot-workflow';
import type { AssistantConfig } from '../assistants.ts';
import { ChatInputBar } from '../components/ChatInputBar.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { ChatMessages } from '../qbot/ChatMessages.tsx';
import { EmptyMessageError, echoOf, ybotFailure, ybotReplyDelayMs } from './echo.ts';
// The chat's area of the stylesheet, after base.css and shop.css (src/main.tsx).
import '../styles/qbot.css';

const pictures = /\.(png|jpe?g|gif|webp|svg)$/i;

/**
 * Y-Bot's screen (spec sections 1, 2 "Y-Bot screen" and 9), also the plain chat of any assistant
 * without G-code generation: the chat look of Q-Bot (header with name and avatar, messages, input
 * bar), and a reply that echoes the user's text after 1000 ms. Nothing is sent to the server; an
 * attached file (when the assistant has `fileUpload`) is shown as a message and stays in the
 * browser. A message with neither text nor file is not sent (spec section 8); an echo that fails
 * gets the spec's failure text.
 */
export function YbotScreen({ assistant }: { assistant: AssistantConfig }) {
  const nextId = useRef(0);
  const newId = () => `ybot-${(nextId.current += 1)}`;
  const [messages, setMessages] = useState<ChatMessage[]>(() =>
    assistant.assets.greeting.map((message, index) => ({
      id: `greeting-${index}`,
      sender: 'ai',
      message,
      type: 'text',
    })),
  );
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [pending, setPending] = useState(0);
  const [avatarFailed, setAvatarFailed] = useState(false);
  const chatEnd = useRef<HTMLDivElement>(null);
  const timers = useRef(new Set<number>());
  const objectUrls = useRef<string[]>([]);

  useEffect(() => {
    const pendingTimers = timers.current;
    const urls = objectUrls.current;
    return () => {
      pendingTimers.forEach((timer) => window.clearTimeout(timer));
      urls.forEach((url) => URL.revokeObjectURL(url));
    };
  }, []);

  useEffect(() => {
    // A block body: newer browsers return a promise from scrollIntoView, which is not a clean-up.
    void chatEnd.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, pending]);

  const post = (message: Omit<ChatMessage, 'id'>) =>
    setMessages((current) => [...current, { ...message, id: newId() }]);

  /** The reply to `question`, `ybotReplyDelayMs` later: its echo, or the failure text. */
  const replyLater = (question: string) => {
    setPending((count) => count + 1);
    const timer = window.setTimeout(() => {
      timers.current.delete(timer);
      setPending((count) => count - 1);
      try {
        post({ sender: 'ai', message: echoOf(question), type: 'text' });
      } catch (error) {
        if (!(error instanceof EmptyMessageError))
          console.error('Y-Bot could not echo the message', error);
        post({ sender: 'ai', message: ybotFailure, type: 'text' });
      }
    }, ybotReplyDelayMs);
    timers.current.add(timer);
  };

  const submit = () => {
    const question = text.trim();
    // Spec section 8: empty text is not sent (and with no file there is nothing else to send).
    if (!question && !file) return;
    if (file) {
      let url = '';
      if (pictures.test(file.name)) {
        url = URL.createObjectURL(file);
        objectUrls.current.push(url);
      }
      post({ sender: 'user', message: url, type: 'image', fileName: file.name });
      setFile(null);
      setText('');
      // A file on its own is shown and kept; there is no text to echo.
      if (!question) return;
    }
    if (question) post({ sender: 'user', message: question, type: 'text' });
    setText('');
    replyLater(question);
  };

  const colours = {
    '--primary': assistant.styling.primaryColor,
    '--accent': assistant.styling.accentColor,
  } as CSSProperties;

  return (
    <section className="qbot ybot" style={colours}>
      <div className="qbot-main card">
        <header className="qbot-header">
          <img
            className="qbot-avatar"
            src={avatarFailed ? assistant.assets.fallbackAvatar : assistant.styling.avatar}
            alt=""
            onError={() => setAvatarFailed(true)}
          />
          <h1>{assistant.name}</h1>
        </header>
        {/* A focusable region: a keyboard user scrolls the conversation with the arrows even
            while it holds no control (a drawing being read), axe's scrollable-region-focusable. */}
        <div className="chat-body" role="region" aria-label="Conversation" tabIndex={0}>
          <ChatMessages messages={messages} />
          {pending > 0 ? (
            <p className="loader" role="status">
              <Spinner /> {assistant.name} is typing...
            </p>
          ) : null}
          <div ref={chatEnd} />
        </div>
        <ChatInputBar
          text={text}
          onTextChange={setText}
          file={file}
          onFileChange={setFile}
          onSubmit={submit}
          fileUpload={assistant.features.fileUpload}
          fileLabel="File to attach"
          attachLabel="Attach a file"
          placeholder={qbotMessages.typeMessage}
        />
      </div>
    </section>
  );
}
