/**
 * Read a text file line by line in bounded memory, for the streaming G-code interpreter
 * (cam/gcode/lines.ts splits the bytes).
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { splitLines } from '#cam/gcode/lines';

/** The bytes of a file, read synchronously `chunkBytes` at a time into one reused buffer. */
function* fileChunks(path: string, chunkBytes: number): Generator<Uint8Array> {
  const fd = openSync(path, 'r');
  try {
    const buffer = new Uint8Array(Math.floor(chunkBytes));
    for (;;) {
      const read = readSync(fd, buffer, 0, buffer.length, null);
      if (read <= 0) return;
      yield buffer.subarray(0, read);
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * The lines of a UTF-8 text file, read synchronously with fs.openSync/readSync `chunkBytes` at
 * a time (memory stays at one chunk plus the longest line).
 * @param path - the file
 * @param chunkBytes - bytes per read, at least 1 (default 64 KiB)
 * @returns each line without its line break, as cam/gcode/lines.ts `splitLines` gives them
 * @throws the fs error (ENOENT, EISDIR…) when the file cannot be opened or read; RangeError for
 *   a chunk size below 1
 */
export function readLines(path: string, chunkBytes = 65536): Generator<string> {
  if (!(chunkBytes >= 1)) throw new RangeError(`chunkBytes must be at least 1, not ${chunkBytes}`);
  return splitLines(fileChunks(path, chunkBytes));
}
