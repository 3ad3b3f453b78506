/**
 * The Claude provider's `ask`: Claude answers a free question in a conversation
 * (reply_to_user); a conversation Claude has not taken part in yet gets the last ten chat
 * messages as context.
 */
import type { AssistantProvider } from '../types.ts';
import type { ClaudeCall } from './call.ts';

/**
 * `ask` through `claude`.
 * @throws the call's AppError (./errors.ts)
 */
export function askWith(claude: ClaudeCall): AssistantProvider['ask'] {
  return async (message, chat, call) => {
    const input = await claude.converse<{ message: string }>(
      call,
      'ask',
      'reply_to_user',
      async (history) => {
        const recent =
          history.length === 0 && chat.length > 0
            ? `The chat so far:\n${chat
                .slice(-10)
                .map((entry) => `${entry.sender}: ${entry.message}`)
                .join('\n')}\n`
            : '';
        return [{ type: 'text', text: `${recent}The user asks:\n"""${message}"""` }];
      },
    );
    return input.message;
  };
}
