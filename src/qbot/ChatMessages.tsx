import type { ChatMessage } from '#contracts/qbot-workflow';
import { AuthImage } from '../components/AuthImage.tsx';
import { FileIcon } from '../components/Icons.tsx';

const pictures = /\.(png|jpe?g)$/i;

/**
 * The chat's messages: the user's on the right, the assistant's on the left, vision notes apart.
 * A polite live region: a screen reader reads each new message once it has finished what it was
 * saying (the focus, meanwhile, moves to the new step's first control).
 */
export function ChatMessages({ messages }: { messages: ChatMessage[] }) {
  return (
    <ol
      className="chat-messages"
      aria-label="Messages"
      aria-live="polite"
      aria-relevant="additions"
    >
      {messages.map((message) => (
        <li
          key={message.id}
          className={`chat-message ${message.sender}${message.tone ? ` ${message.tone}` : ''}`}
        >
          {message.type === 'image' ? (
            message.fileName && !pictures.test(message.fileName) ? (
              <span className="file-chip">
                <FileIcon /> {message.fileName}
              </span>
            ) : message.message ? (
              <AuthImage
                src={message.message}
                alt={message.fileName ?? 'Uploaded drawing'}
                className="chat-image"
              />
            ) : (
              <span className="file-chip">{message.fileName}</span>
            )
          ) : (
            message.message.split('\n').map((line, index) => <p key={index}>{line}</p>)
          )}
        </li>
      ))}
    </ol>
  );
}
