/**
 * Files a careless or hostile member might upload, built here so their size and shape are
 * known: a PDF whose small content stream decompresses to millions of path operators, a DXF at
 * the upload limit, a PNG of 20,000 × 20,000 px, and a STEP model whose mesh is huge.
 */
import { readFileSync } from 'node:fs';
import { deflateSync, createDeflate } from 'node:zlib';
import { blueprintsDir } from './paths.ts';

/** Bytes of a PDF from its objects (`n 0 obj … endobj` bodies), with a correct xref table. */
function pdfOf(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, index) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
  ].join('');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

/**
 * A one-page PDF whose Flate-compressed content stream is `0 0 m 1 1 l S\n` repeated to
 * `contentBytes` (0.1 MB of content compresses to well under a kilobyte).
 */
export function pdfBomb(contentBytes = 10 * 1024 * 1024): Buffer {
  const operators = '0 0 m 1 1 l S\n';
  const content = Buffer.from(operators.repeat(Math.ceil(contentBytes / operators.length)));
  const stream = deflateSync(content, { level: 9 });
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << >> >>',
    Buffer.concat([
      Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
      stream,
      Buffer.from('\nendstream', 'latin1'),
    ]),
  ]);
}

/** An ASCII DXF (R12 style) of `bytes` size or a little less: a grid of short LINE entities. */
export function hugeDxf(bytes = 25_000_000): Buffer {
  const head = '0\nSECTION\n2\nHEADER\n9\n$INSUNITS\n70\n4\n0\nENDSEC\n0\nSECTION\n2\nENTITIES\n';
  const tail = '0\nENDSEC\n0\nEOF\n';
  const lines: string[] = [head];
  let size = head.length + tail.length;
  for (let index = 0; ; index += 1) {
    const x = index % 1000;
    const y = Math.floor(index / 1000);
    const entity = `0\nLINE\n8\n0\n10\n${x}.0\n20\n${y}.0\n30\n0.0\n11\n${x + 0.5}.0\n21\n${y + 0.5}.0\n31\n0.0\n`;
    if (size + entity.length > bytes) break;
    lines.push(entity);
    size += entity.length;
  }
  lines.push(tail);
  return Buffer.from(lines.join(''), 'latin1');
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A white 8-bit greyscale PNG of `width` × `height` px with one black line, compressed row by
 * row (20,000 × 20,000 px is 400 MB of pixels in well under a megabyte of file).
 */
export async function hugePng(width = 20_000, height = 20_000): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const white = Buffer.alloc(width + 1, 0xff);
  white[0] = 0;
  const black = Buffer.alloc(width + 1, 0);
  const deflate = createDeflate({ level: 6 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  for (let row = 0; row < height; row += 1) {
    if (!deflate.write(row === height >> 1 ? black : white)) {
      await new Promise((resolve) => deflate.once('drain', resolve));
    }
  }
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(compressed)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A STEP file of `copies` copies of the stepped shaft of lathe/shaft.step side by side, each a
 * product of its own (entity numbers shifted, each copy moved along X): one upload whose mesh
 * is `copies` times the shaft's.
 */
export function hugeStepMesh(copies = 600): Buffer {
  const text = readFileSync(new URL('lathe/shaft.step', blueprintsDir), 'latin1');
  const start = text.indexOf('DATA;') + 'DATA;'.length;
  const end = text.lastIndexOf('ENDSEC;');
  const data = text.slice(start, end);
  const largest = Math.max(...[...data.matchAll(/#(\d+)/g)].map((match) => Number(match[1])));
  const shifted: string[] = [];
  for (let copy = 0; copy < copies; copy += 1) {
    const offset = copy * largest;
    shifted.push(
      data
        .replace(/#(\d+)/g, (_, id: string) => `#${Number(id) + offset}`)
        // Move each copy's origin (the first placement point) along X.
        .replace("CARTESIAN_POINT('',(0.,0.,0.))", `CARTESIAN_POINT('',(${copy * 10}.,0.,0.))`),
    );
  }
  return Buffer.from(
    `${text.slice(0, start)}\n${shifted.join('\n')}\n${text.slice(end)}`,
    'latin1',
  );
}
