/**
 * Split a stream of UTF-8 bytes into lines for the streaming G-code interpreter, in bounded
 * memory: one chunk plus the longest line. The bytes come from wherever the caller reads them
 * (server/storage/read-lines.ts reads a file), so cam/ stays free of Node.
 */

/**
 * The lines of UTF-8 text given as a stream of byte chunks.
 * @param chunks - the text's bytes, in order, in chunks of any size
 * @returns each line without its line break: "\n" and "\r\n" both end a line; a last line
 *   without a line break is returned; a final line break does not add an empty line; a UTF-8
 *   character split between two chunks is decoded whole
 */
export function* splitLines(chunks: Iterable<Uint8Array>): Generator<string> {
  const decoder = new TextDecoder('utf-8');
  let rest = '';
  const lines = function* (text: string) {
    const chunk = rest ? rest + text : text;
    let start = 0;
    for (;;) {
      const end = chunk.indexOf('\n', start);
      if (end < 0) break;
      yield end > start && chunk.charCodeAt(end - 1) === 13
        ? chunk.slice(start, end - 1)
        : chunk.slice(start, end);
      start = end + 1;
    }
    rest = start === 0 ? chunk : chunk.slice(start);
  };
  for (const bytes of chunks) yield* lines(decoder.decode(bytes, { stream: true }));
  yield* lines(decoder.decode());
  if (rest) yield rest.endsWith('\r') ? rest.slice(0, -1) : rest;
}
