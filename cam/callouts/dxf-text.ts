/**
 * DXF text content to plain text. Pure TypeScript: also bundled into the browser. Re-exported by
 * cam/callouts.ts.
 */

/**
 * Plain text from DXF TEXT/MTEXT content (AutoCAD DXF reference, 'MTEXT' inline codes and
 * 'Control codes' of TEXT).
 *
 * `%%c` → Ø, `%%d` → °, `%%p` → ±, `%%nnn` → character nnn, `%%u`/`%%o` removed; `\P` and `\X` →
 * newline, `\~` → space, `\U+2205` → the character; formatting codes (`\f…;`, `\H…;`, `\C…;`,
 * `\A…;`, `\T…;`, `\Q…;`, `\W…;`, `\p…;`, `\L`, `\l`, `\O`, `\o`, `\K`, `\k`) and grouping braces
 * removed; stacked text `\S+0.1^-0.2;`, `\S+0.1/-0.2;`, `\S1#2;` → ` +0.1/-0.2`, ` 1/2` (a space
 * is added unless one is there); `\S1;` → ` 1`. `<>` (the measured value of a dimension) is left
 * for the caller.
 *
 * @param text - raw DXF text
 * @returns plain text; not trimmed
 */
export function decodeDxfText(text: string): string {
  const source = text.replace(/%%(\d{3}|[cdpuok%])/gi, (_match, code: string) => {
    switch (code.toLowerCase()) {
      case 'c':
        return 'Ø';
      case 'd':
        return '°';
      case 'p':
        return '±';
      case '%':
        return '%';
      case 'u':
      case 'o':
      case 'k':
        return '';
      default:
        return String.fromCharCode(Number(code));
    }
  });
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '{' || ch === '}') continue;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const code = source[i + 1];
    if (code === undefined) break;
    const semicolon = source.indexOf(';', i + 2);
    switch (code) {
      case '\\':
      case '{':
      case '}':
        out += code;
        i += 1;
        break;
      case 'P':
      case 'X':
        out += '\n';
        i += 1;
        break;
      case '~':
        out += ' ';
        i += 1;
        break;
      case 'U': {
        const hex = /^\+([0-9A-Fa-f]{4})/.exec(source.slice(i + 2, i + 7));
        if (hex) {
          out += String.fromCharCode(parseInt(hex[1]!, 16));
          i += 6;
        } else {
          i += 1;
        }
        break;
      }
      case 'S': {
        const end = semicolon === -1 ? source.length : semicolon;
        const stacked = source.slice(i + 2, end).replace(/\\(.)/g, '$1');
        const separator = stacked.search(/[\^/#]/);
        const top = (separator === -1 ? stacked : stacked.slice(0, separator)).trim();
        const bottom = separator === -1 ? '' : stacked.slice(separator + 1).trim();
        const content = top && bottom ? `${top}/${bottom}` : top || bottom;
        out += (out === '' || !/\s$/.test(out) ? ' ' : '') + content;
        i = end;
        break;
      }
      case 'f':
      case 'F':
      case 'H':
      case 'C':
      case 'c':
      case 'A':
      case 'T':
      case 'Q':
      case 'W':
      case 'p':
        i = semicolon === -1 ? i + 1 : semicolon;
        break;
      default:
        // \L \l \O \o \K \k \N and unknown codes: formatting without text.
        i += 1;
    }
  }
  return out;
}
