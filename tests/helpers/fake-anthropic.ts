/**
 * A loopback server that speaks the Anthropic Messages API (`POST /v1/messages`), for testing
 * the Claude provider with the real SDK (`ANTHROPIC_BASE_URL`).
 *
 * It answers like the real API: a `tool_use` block for the tool the request asks for (the
 * provider's user turns end with "Call <tool>"), `stop_reason: 'tool_use'`, and a `usage` block
 * whose figures follow the API's accounting of prompt caching: the prefix up to a
 * `cache_control` breakpoint that an earlier request wrote is read from the cache, the part up
 * to the last breakpoint beyond it is written to the cache, and only the rest counts as
 * `input_tokens`. Prefixes under 1,024 tokens are not cached, as on the real API. Token counts
 * are estimates (4 characters a token, images by their pixel area / 750, PDFs 1,500 a page).
 *
 * Faults are queued per request: an HTTP status with the API's error body (429, 500, 529…), a
 * delay longer than the client's timeout, or an answer whose tool input breaks the schema.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

export interface RecordedRequest {
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    max_tokens: number;
    system?: { type: string; text: string; cache_control?: Json }[];
    tools?: { name: string; description?: string; input_schema: Json }[];
    tool_choice?: Json;
    messages: { role: 'user' | 'assistant'; content: Json[] }[];
  };
  /** The tool the request asked for, from its last "Call <tool>" instruction. */
  tool: string | undefined;
}

export type Fault =
  | { status: 429 | 500 | 503 | 529 | 400 | 401; message?: string }
  | { delayMs: number }
  | { invalidInput: Json };

export type ToolAnswer = (request: RecordedRequest) => Json;

export interface FakeAnthropic {
  /** The base URL to give the SDK (`http://127.0.0.1:port`). */
  url: string;
  requests: RecordedRequest[];
  /** Faults for the next requests, in order; each is used once. */
  faults: Fault[];
  /** The tool inputs to answer with, by tool name. */
  answers: Map<string, ToolAnswer>;
  /** Usage the server reported, in order, one per answered request. */
  usages: Json[];
  close(): Promise<void>;
}

const errorTypes: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  429: 'rate_limit_error',
  500: 'api_error',
  503: 'api_error',
  529: 'overloaded_error',
};

/** Tokens of one content block, estimated. */
function blockTokens(block: Json): number {
  const text = (value: unknown) => Math.ceil(JSON.stringify(value ?? '').length / 4);
  switch (block.type) {
    case 'image': {
      const data = Buffer.from(String((block.source as Json).data), 'base64');
      // PNG: width and height in the IHDR chunk; other formats: a typical drawing's size.
      const png = data.subarray(1, 4).toString('latin1') === 'PNG';
      const width = png ? data.readUInt32BE(16) : 1568;
      const height = png ? data.readUInt32BE(20) : 1100;
      return Math.ceil((width * height) / 750);
    }
    case 'document': {
      const data = Buffer.from(String((block.source as Json).data), 'base64').toString('latin1');
      const pages = Math.max(1, (data.match(/\/Type\s*\/Page\b/g) ?? []).length);
      return 1500 * pages;
    }
    case 'text':
      return text(block.text);
    case 'tool_use':
      return text(block.input) + 10;
    case 'tool_result':
      return text(block.content) + 5;
    default:
      return text(block);
  }
}

/** The request as the cache sees it: tools, system, then message blocks, in order. */
function prefixBlocks(body: RecordedRequest['body']) {
  const blocks: { key: string; tokens: number; breakpoint: boolean }[] = [];
  const add = (value: Json, tokens: number) =>
    blocks.push({
      key: JSON.stringify({ ...value, cache_control: undefined }),
      tokens,
      breakpoint: Boolean(value.cache_control),
    });
  for (const tool of body.tools ?? []) add(tool, blockTokens({ type: 'tool', tool }));
  add({ tool_choice: body.tool_choice ?? null }, 0);
  for (const block of body.system ?? []) add(block, blockTokens(block));
  body.messages.forEach((message, index) => {
    for (const block of message.content)
      add({ ...block, role: message.role, index }, blockTokens(block));
  });
  return blocks;
}

function usageOf(body: RecordedRequest['body'], cache: Set<string>, outputTokens: number) {
  const blocks = prefixBlocks(body);
  const hash = createHash('sha256');
  let total = 0;
  let readUpTo = 0; // tokens read from the cache
  let writeUpTo = 0; // tokens up to the last breakpoint
  const written: string[] = [];
  for (const block of blocks) {
    hash.update(block.key);
    total += block.tokens;
    const key = hash.copy().digest('hex');
    // Like the API, a hit is found at any earlier block boundary, not only at breakpoints.
    if (cache.has(key)) readUpTo = total;
    if (!block.breakpoint) continue;
    writeUpTo = total;
    if (total >= 1024) written.push(key);
  }
  for (const key of written) cache.add(key);
  const cacheRead = readUpTo >= 1024 ? readUpTo : 0;
  const cacheWrite = writeUpTo >= 1024 ? Math.max(0, writeUpTo - cacheRead) : 0;
  return {
    input_tokens: total - cacheRead - cacheWrite,
    output_tokens: outputTokens,
    cache_creation_input_tokens: cacheWrite,
    cache_read_input_tokens: cacheRead,
  };
}

function requestedTool(body: RecordedRequest['body']): string | undefined {
  const last = body.messages.at(-1);
  const texts = (last?.content ?? [])
    .filter((block) => block.type === 'text')
    .map((block) => String(block.text));
  return [...texts.join('\n').matchAll(/\bCall (\w+)/g)].at(-1)?.[1];
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Start the fake API on a free loopback port. */
export async function startFakeAnthropic(): Promise<FakeAnthropic> {
  const requests: RecordedRequest[] = [];
  const faults: Fault[] = [];
  const answers = new Map<string, ToolAnswer>();
  const usages: Json[] = [];
  const cache = new Set<string>();
  let sequence = 0;

  const send = (response: ServerResponse, status: number, body: Json, headers: Json = {}) => {
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': `req_fake_${++sequence}`,
      ...headers,
    });
    response.end(JSON.stringify(body));
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request);
      if (request.method !== 'POST' || !request.url?.startsWith('/v1/messages')) {
        send(response, 404, {
          type: 'error',
          error: { type: 'not_found_error', message: 'Not found' },
        });
        return;
      }
      const body = JSON.parse(raw) as RecordedRequest['body'];
      const recorded: RecordedRequest = {
        headers: request.headers,
        body,
        tool: requestedTool(body),
      };
      requests.push(recorded);

      const fault = faults.shift();
      if (fault && 'status' in fault) {
        send(
          response,
          fault.status,
          {
            type: 'error',
            error: {
              type: errorTypes[fault.status] ?? 'api_error',
              message: fault.message ?? `fake ${fault.status}`,
            },
          },
          // Retries come at once: the tests do not wait for the SDK's backoff.
          { 'retry-after-ms': '5' },
        );
        return;
      }
      if (fault && 'delayMs' in fault) {
        await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
        if (response.destroyed) return;
      }
      const tool = recorded.tool;
      const answer = tool ? answers.get(tool) : undefined;
      if (!tool || !answer) {
        send(response, 400, {
          type: 'error',
          error: {
            type: 'invalid_request_error',
            message: `the fake API has no answer for tool ${tool ?? '(none asked)'}`,
          },
        });
        return;
      }
      const input = fault && 'invalidInput' in fault ? fault.invalidInput : answer(recorded);
      const outputTokens = Math.ceil(JSON.stringify(input).length / 4) + 20;
      const usage = usageOf(body, cache, outputTokens);
      usages.push(usage);
      send(response, 200, {
        id: `msg_fake_${sequence}`,
        type: 'message',
        role: 'assistant',
        model: body.model,
        content: [{ type: 'tool_use', id: `toolu_fake_${sequence}`, name: tool, input }],
        stop_reason: 'tool_use',
        stop_sequence: null,
        usage,
      });
    })().catch((error: unknown) => {
      if (!response.headersSent)
        send(response, 500, {
          type: 'error',
          error: { type: 'api_error', message: String(error) },
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    faults,
    answers,
    usages,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
