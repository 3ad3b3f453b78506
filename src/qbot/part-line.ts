/**
 * The Part line of the job summary: what the part is, in one sentence, and which file it came
 * from. The overview a reader writes opens with the part's summary ("Turned part, 60 mm long: …",
 * "Plate 180 x 80 mm …") and goes on with notes, title-block text and what it could not read,
 * which do not belong in a one-line summary.
 */

/**
 * The first sentence of a text: up to the first full stop followed by a space and a capital
 * letter or by the end (a decimal point such as '15.48' does not end it).
 */
export function firstSentence(text: string): string {
  const trimmed = text.trim();
  const end = /\.(?=\s+[A-ZÄÖÜ(]|\s*$)/.exec(trimmed);
  return end ? trimmed.slice(0, end.index + 1) : trimmed;
}

/**
 * The job summary's Part line: the overview's first sentence and the file's name
 * ("Turned part, 60 mm long: … (long_reamer_facer.dxf)"), or whichever of them there is.
 */
export function partLine(overview: string | undefined, fileName: string | null): string {
  const sentence = firstSentence(overview ?? '');
  if (!sentence) return fileName ?? '';
  return fileName ? `${sentence} (${fileName})` : sentence;
}
