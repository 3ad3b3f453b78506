/**
 * A tool row as the shop writes it (slot, name, description, type, manufacturer, hint), and
 * the readings every kind of program shares: the tool number of a slot ("T3") and a tool's
 * diameter ("Ø8.5", "drill 8.5", "1/4\""). What a row means on a lathe is in cam/lathe/tooling.ts,
 * on a mill in cam/mill/tooling.ts, on the EDMs in cam/wire/tooling.ts and cam/sinker/tooling.ts.
 */

/** The fields of a tool row the CAM core needs (the spec's "tooling pair"). */
export interface ToolRow {
  id: string;
  slotNumber: string;
  toolName: string;
  toolDescription: string;
  toolType: string;
  toolManufacturer: string;
  toolHint: string;
}

/** A number as shops write it, with a decimal point or comma ("8.5", "8,5"), as a regex group. */
export const numberPattern = '(\\d+(?:[.,]\\d+)?)';
/** A number matched by {@link numberPattern}, in mm. */
export const toMm = (text: string) => Number(text.replace(',', '.'));

/** Diameter from "Ø8.5", "8.5 mm drill", "drill 8.5", "D8.5" or an inch fraction "1/4\"". */
export function toolDiameterFrom(text: string): number | undefined {
  const inch = /\b(\d+)\s*\/\s*(\d+)\s*(?:"|in\b|inch)/i.exec(text);
  if (inch) return Math.round((Number(inch[1]) / Number(inch[2])) * 25.4 * 1000) / 1000;
  const marked = new RegExp(`(?:Ø|⌀|dia\\.?|diameter|\\bD)\\s*${numberPattern}`, 'i').exec(text);
  if (marked) return toMm(marked[1]!);
  const drill = new RegExp(
    `(?:drill|bohrer)\\s*${numberPattern}|${numberPattern}\\s*mm\\s*(?:drill|twist)`,
    'i',
  ).exec(text);
  if (drill) return toMm(drill[1] ?? drill[2]!);
  return undefined;
}

/**
 * A tool's diameter as a shop writes it, mm: a marked one ("Ø10", "D10", "drill 8.5"), else the
 * first "10 mm" / "8mm" that is not a length ("LOC 22 mm", "overall length 75 mm", "reach 30").
 * @returns undefined when the text gives none
 */
export function statedDiameterFrom(text: string): number | undefined {
  const marked = toolDiameterFrom(text);
  if (marked !== undefined) return marked;
  const cleaned = text.replace(
    new RegExp(
      `(?:\\bLOC|flute\\s*length|length\\s*of\\s*cut|cutting\\s*length|\\bap\\s*max|\\bOAL|overall\\s*length|length|reach|depth|\\bl2)\\s*[=:]?\\s*${numberPattern}\\s*(?:mm)?`,
      'gi',
    ),
    ' ',
  );
  const plain = new RegExp(`${numberPattern}\\s*mm\\b`, 'i').exec(cleaned);
  return plain ? toMm(plain[1]!) : undefined;
}

/**
 * True when a row's words name a drill for a tap rather than a tap: "tap drill", "tapping drill",
 * "Drill 6.8 for M8 tap", "for an M8 tap", "core drill for M10". A tap taken for its drill (or the
 * drill for the tap) breaks at the machine, so the drill's words win.
 */
export function isTapDrill(text: string): boolean {
  return /\btap(?:ping)?\s*drill|\bcore\s*drill|\bdrill\b[^.;|]*\bfor\b[^.;|]*\btap|\bfor\s+(?:an?\s+)?(?:M\d[\d.,x×]*\s*)?(?:thread\s*)?tap\b/i.test(
    text,
  );
}

/** The tool number a slot names: "T3" is 3. @returns undefined for a slot that is not T and a number */
export function toolNumberOf(slotNumber: string): number | undefined {
  const match = /^\s*T\s*0*(\d{1,4})\s*$/i.exec(slotNumber);
  return match ? Number(match[1]) : undefined;
}
