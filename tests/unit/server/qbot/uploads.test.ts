import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanFileName, detectDrawingType, extensionOf } from '#server/qbot/uploads';
import { blueprintsDir } from '#tests/helpers/paths';

const blueprint = (path: string) => readFileSync(new URL(path, blueprintsDir));

describe('detectDrawingType decides from the bytes', () => {
  it.each([
    ['lathe/BM_part.jpg', 'jpg'],
    ['mill-edm/flange.png', 'png'],
    ['lathe/Gripper.PDF', 'pdf'],
    ['lathe/long_reamer_facer.dxf', 'dxf'],
    ['mill-edm/FLH-001.dxf', 'dxf'],
    ['lathe/shaft.step', 'step'],
    ['mill-edm/P0011_REV_E.step', 'step'],
  ])('%s is %s', async (path, type) => {
    expect(await detectDrawingType(blueprint(path))).toBe(type);
  });

  it('reads a DXF that starts with 999 comments and CRLF line ends', async () => {
    const dxf = Buffer.from(
      '999\r\nmade by hand\r\n  0\r\nSECTION\r\n  2\r\nENTITIES\r\n  0\r\nENDSEC\r\n',
    );
    expect(await detectDrawingType(dxf)).toBe('dxf');
  });

  it('refuses empty files, text, other binaries and a renamed file', async () => {
    expect(await detectDrawingType(Buffer.alloc(0))).toBeUndefined();
    expect(await detectDrawingType(Buffer.from('Ø40 h7 x 85 long, 4140 steel'))).toBeUndefined();
    expect(
      await detectDrawingType(Buffer.from('PK\x03\x04\x14\0\0\0\x08\0', 'latin1')),
    ).toBeUndefined();
    const gif = Buffer.from('GIF89a\x01\0\x01\0\x80\0\0\0\0\0\xff\xff\xff!', 'latin1');
    expect(await detectDrawingType(gif)).toBeUndefined();
    // A PNG renamed to .dxf is still a PNG: the bytes decide.
    expect(await detectDrawingType(blueprint('mill-edm/flange.png'))).toBe('png');
    // A DXF keyword late in the file does not make it a DXF.
    expect(await detectDrawingType(Buffer.from('hello\n0\nSECTION\n'))).toBeUndefined();
  });
});

describe('upload names', () => {
  it('takes the extension in lower case', () => {
    expect(extensionOf('Gripper.PDF')).toBe('pdf');
    expect(extensionOf('shaft.v2.STP')).toBe('stp');
    expect(extensionOf('README')).toBe('');
  });

  it('keeps only the base name, without control characters, at most 120 characters', () => {
    expect(cleanFileName('C:\\drawings\\part.dxf')).toBe('part.dxf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('bad\u0000name\n.dxf')).toBe('badname.dxf');
    expect(cleanFileName(`${'a'.repeat(200)}.dxf`)).toHaveLength(120);
    expect(cleanFileName(`${'a'.repeat(200)}.dxf`).endsWith('.dxf')).toBe(true);
    expect(cleanFileName('   ')).toBe('drawing');
  });
});
