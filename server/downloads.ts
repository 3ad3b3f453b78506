/**
 * Files sent to the browser (stored drawings, programs and backplots; exported tool libraries):
 * named for download (`attachment`) or for showing inline, never cached, never sniffed, and
 * unable to run or load anything if a browser opens them.
 */
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A file to send: its name (any characters), media type, bytes or stream, and size when known. */
export interface OutgoingFile {
  fileName: string;
  contentType: string;
  body: Uint8Array | Readable;
  /** Bytes, for `content-length` when the body is a stream. */
  sizeBytes?: number | undefined;
  /** Shown in the page (a drawing, a backplot) rather than saved. */
  inline?: boolean;
}

/**
 * Answer with a file. The name is sent twice: as plain ASCII (other characters, quotes and
 * backslashes as '_') and as RFC 5987 UTF-8 for browsers that read it.
 */
export function sendFile(reply: FastifyReply, file: OutgoingFile): FastifyReply {
  if (file.sizeBytes !== undefined) reply.header('content-length', file.sizeBytes);
  const asciiName = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const body = file.body instanceof Uint8Array ? Buffer.from(file.body) : file.body;
  return (
    reply
      .header('content-type', file.contentType)
      .header(
        'content-disposition',
        `${file.inline ? 'inline' : 'attachment'}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      )
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      // Nothing in a sent file may run or load, even when a browser shows it.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      // Bytes, not JSON: Fastify sends a Buffer or pipes a stream as it is.
      .send(body)
  );
}
