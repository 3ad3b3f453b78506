/**
 * A conversation's stored history in the Messages API's form, with the prompt cache's
 * breakpoints: after the first drawing, and at the end of the last turn.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { DrawingExpander } from './drawing-cache.ts';
import type { StoredMessage } from './history.ts';

/** A prompt-cache breakpoint (`cache_control`). */
export const ephemeral = { type: 'ephemeral' } as const;

/**
 * The Messages API form of the history, with the cache breakpoints: each drawing reference
 * expanded to its content blocks.
 * @throws what `expandDrawing` throws
 */
export async function apiMessages(
  expandDrawing: DrawingExpander,
  organizationId: string,
  history: StoredMessage[],
): Promise<Anthropic.MessageParam[]> {
  let drawingBreakpoint = false;
  const messages: Anthropic.MessageParam[] = [];
  for (const message of history) {
    const content: Anthropic.ContentBlockParam[] = [];
    for (const block of message.content) {
      if (block.type === 'drawing') {
        const blocks = (await expandDrawing(organizationId, block.fileId)).map((entry) => ({
          ...entry,
        }));
        if (!drawingBreakpoint && blocks.length > 0) {
          blocks[blocks.length - 1] = { ...blocks.at(-1)!, cache_control: ephemeral };
          drawingBreakpoint = true;
        }
        content.push(...blocks);
      } else if (block.type === 'tool_use') {
        content.push({ ...block, input: block.input ?? {} });
      } else {
        content.push({ ...block });
      }
    }
    messages.push({ role: message.role, content });
  }
  const last = messages.at(-1)?.content;
  if (Array.isArray(last) && last.length > 0) {
    const block = last[last.length - 1]!;
    if (!('cache_control' in block && block.cache_control))
      last[last.length - 1] = { ...block, cache_control: ephemeral } as typeof block;
  }
  return messages;
}
