/**
 * Read a text file line by line in bounded memory, for the streaming G-code interpreter
 * (decision 013: the one Node-only module under cam/).
 *
 * cam/ is type-checked for the browser as well (tsconfig.app.json, no Node types), so the file
 * system is reached through `process.getBuiltinModule` (Node ≥ 20.16) with the few signatures
 * used declared here, and text is decoded with the standard TextDecoder.
 */

interface SyncFileSystem {
  openSync(path: string, flags: 'r'): number;
  readSync(
    fd: number,
    buffer: Uint8Array,
    offset: number,
    length: number,
    position: number | null,
  ): number;
  closeSync(fd: number): void;
}

function fileSystem(): SyncFileSystem {
  const process = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } })
    .process;
  const fs = process?.getBuiltinModule?.('node:fs') as SyncFileSystem | undefined;
  if (!fs) throw new Error('readLines needs Node.js 20.16 or later (process.getBuiltinModule)');
  return fs;
}

/**
 * The lines of a UTF-8 text file, read synchronously with fs.openSync/readSync `chunkBytes` at
 * a time (memory stays at one chunk plus the longest line).
 * @param path - the file
 * @param chunkBytes - bytes per read, at least 1 (default 64 KiB)
 * @returns each line without its line break: "\n" and "\r\n" both end a line; a last line
 *   without a line break is returned; a final line break does not add an empty line; a UTF-8
 *   character split between two reads is decoded whole
 * @throws the fs error (ENOENT, EISDIR…) when the file cannot be opened or read; RangeError for
 *   a chunk size below 1; Error outside Node.js
 */
export function* readLines(path: string, chunkBytes = 65536): Generator<string> {
  if (!(chunkBytes >= 1)) throw new RangeError(`chunkBytes must be at least 1, not ${chunkBytes}`);
  const fs = fileSystem();
  const fd = fs.openSync(path, 'r');
  try {
    const buffer = new Uint8Array(Math.floor(chunkBytes));
    const decoder = new TextDecoder('utf-8');
    let rest = '';
    for (;;) {
      const read = fs.readSync(fd, buffer, 0, buffer.length, null);
      const text =
        read > 0 ? decoder.decode(buffer.subarray(0, read), { stream: true }) : decoder.decode();
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
      if (read <= 0) break;
    }
    if (rest) yield rest.endsWith('\r') ? rest.slice(0, -1) : rest;
  } finally {
    fs.closeSync(fd);
  }
}
