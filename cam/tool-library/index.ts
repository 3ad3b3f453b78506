/**
 * Tool libraries in and out (issue 35): Fusion 360 (`.json`, and `.tools`, the zip around it),
 * LinuxCNC tool tables (`.tbl`) and CSV with the spec's six fields, read into the shop's tool
 * rows and written from them. The readers never throw on a bad file: what they cannot use comes
 * back as problems, each with its line (or entry) and a sentence.
 */
import { toolLibraryFormats, type ToolLibraryFormat } from '#contracts/tool-library';
import { readToolCsv, writeToolCsv } from './csv.ts';
import {
  readFusionLibrary,
  readFusionTools,
  writeFusionLibrary,
  writeFusionTools,
} from './fusion.ts';
import { readToolTable, writeToolTable } from './linuxcnc-tbl.ts';
import type { LibraryTool, ReadLibrary } from './linuxcnc-tbl.ts';

export type { LibraryProblem, LibraryTool, ReadLibrary } from './linuxcnc-tbl.ts';

/** The library formats, by the file extension each is kept in, with the names screens give them. */
export const libraryFormats = toolLibraryFormats;
export type LibraryFormat = ToolLibraryFormat;

/** A file's library format from its name, or undefined for one no reader takes. */
export function libraryFormatOf(fileName: string): LibraryFormat | undefined {
  const extension = /\.([A-Za-z]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return extension && extension in libraryFormats ? (extension as LibraryFormat) : undefined;
}

/**
 * Read a tool library file.
 * @param format - the file's format ({@link libraryFormatOf})
 * @param bytes - the file as uploaded (text formats are read as UTF-8)
 */
export function readToolLibrary(format: LibraryFormat, bytes: Uint8Array): ReadLibrary {
  const text = () => new TextDecoder('utf-8').decode(bytes);
  switch (format) {
    case 'json':
      return readFusionLibrary(text());
    case 'tools':
      return readFusionTools(bytes);
    case 'tbl':
      return readToolTable(text());
    case 'csv':
      return readToolCsv(text());
  }
}

/**
 * Write tool rows in a library format.
 * @param diameterOf - a row's cutting diameter, mm, when the product reads one (for .tbl and
 *   Fusion's geometry)
 */
export function writeToolLibrary(
  format: LibraryFormat,
  rows: readonly LibraryTool[],
  diameterOf?: (row: LibraryTool) => number | undefined,
): Uint8Array {
  const encode = (text: string) => new TextEncoder().encode(text);
  switch (format) {
    case 'json':
      return encode(writeFusionLibrary(rows, diameterOf));
    case 'tools':
      return writeFusionTools(rows, diameterOf);
    case 'tbl':
      return encode(writeToolTable(rows, diameterOf));
    case 'csv':
      return encode(writeToolCsv(rows));
  }
}
