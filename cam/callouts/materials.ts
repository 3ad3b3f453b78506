/**
 * The material a drawing note or an operator's text names, kept as written. Pure TypeScript:
 * also bundled into the browser. Re-exported by cam/callouts.ts. Mapping a designation to a
 * catalogue grade is cam/materials.ts's job; this file only finds the words.
 */

/** Words that may precede a designation and belong to it ('AISI 4140', 'stainless steel 316L'). */
const PREFIX = String.raw`(?:(?:AISI|SAE|UNS|ASTM|AA|DIN|EN|W\.?-?Nr\.?|Al|alu(?:minium|minum)?|stainless(?:\s+steel)?|steel|brass|bronze|titanium|Ti)\s*)?`;

/** Words that may follow a designation and belong to it ('4140 steel', '6061-T6', '303 stainless'). */
const SUFFIX = String.raw`(?:[-\s]?(?:T\d{1,4}|O|H\d{2,3}))?(?:\s+(?:stainless(?:\s+steel)?|steel|aluminium|aluminum|alloy|brass|bronze|titanium|cast iron|bar|rod))?`;

/**
 * Designations with a distinctive shape, most specific first. Each needs no context: it cannot be
 * mistaken for a dimension.
 */
const DISTINCT: readonly RegExp[] = [
  // EN 573-1 aluminium: EN AW-6082, EN AW-6082-T6, EN AW-AlMgSi1.
  /\bEN\s?AW[-\s]?(?:\d{4}[A-Z]?|Al[A-Za-z\d.]+)(?:[-\s]?T\d{1,4})?\b/,
  // Titanium: Ti-6Al-4V (ELI), titanium grade 5, Ti grade 2, grade 5 titanium.
  /\bTi-?6Al-?4V(?:\s*ELI)?\b/i,
  /\b(?:titanium|Ti)\s+(?:grade|gr\.?)\s*\d{1,2}\b|\b(?:grade|gr\.?)\s*\d{1,2}\s+titanium\b/i,
  // Precipitation-hardening stainless: 17-4PH, 15-5 PH.
  new RegExp(String.raw`${PREFIX}\b1[57]-[45]\s?PH\b(?:\s*H\d{3,4})?${SUFFIX}`, 'i'),
  // EN 10027-1 names by chemical composition: 42CrMo4, 16MnCr5, 11SMnPb30, X5CrNi18-10, 100Cr6.
  /\b(?:X\d{1,3}|\d{1,3})(?:Cr|Mo|Mn|Ni|Si|Pb|S|V|W|Al|Cu|B|Ti|Nb|Co|N|P|Se|Te|Bi){1,5}\d{1,3}(?:-\d{1,2}){0,2}(?:\+[A-Z]{1,3})?\b/,
  // EN 10027-1 names by use: S235JR, S355J2, E295; old DIN St37, St 52-3; C45, C45E, Ck45.
  /\bS\d{3}(?:J[R0-2]|K2)(?:\+[A-Z]{1,2})?\b|\bS(?:235|275|355|420|460)\b|\bE(?:295|335|360)\b/,
  /\bSt\s?(?:37|44|50|52|60|70)(?:-\d)?\b/,
  /\bC[Kk]?(?:10|15|22|35|40|45|50|55|60)E?\b/,
  // Cast iron: EN-GJL-250, EN-GJS-400-15, GG25, GG-25, GGG40.
  /\bEN-GJ[LSM][A-Z]?-\d{3}(?:-\d{1,2})?\b/,
  /\bGGG?-?\d{2}\b/,
  // Copper alloys: CuZn39Pb3, CuSn8, C360, C36000, C932.
  /\bCu(?:Zn|Sn|Al|Ni|Pb|Be|Cr|Zr|Si|Fe|Mn|Te)\d{0,2}(?:(?:Zn|Sn|Al|Ni|Pb|Be|Cr|Zr|Si|Fe|Mn|Te|P)\d{0,2}(?:[.,]\d)?){0,3}\b/,
  new RegExp(String.raw`\bC[1-9]\d{2}(?:\d{2})?\b${SUFFIX}`),
  // Swedish standard steel numbers: SS 1914, SS 2541, SS2343-02.
  /\bSS\s?[12]\d{3}(?:-\d{2})?\b/,
  // Stainless with a suffix letter needs no context: 316L, 304L, 316Ti, 440C, 303Se.
  new RegExp(
    String.raw`${PREFIX}\b(?:30[1-9]|3[1-4]\d|4[0-4]\d)(?:L|LN|Ti|Se|C|F)\b${SUFFIX}`,
    'i',
  ),
];

/**
 * AISI/SAE steel numbers (10xx, 11xx, 12Lxx, 13xx, 4xxx, 5xxx, 6150, 86xx, 87xx, 93xx, 52100),
 * 3xx/4xx stainless and AA aluminium alloys (1xxx–7xxx). A bare number is also a dimension, so
 * these need context: a prefix (AISI, SAE, aluminium…), a temper or material word after, or a
 * 'material' label before.
 */
const GRADE_NUMBER = String.raw`(?:1[0-5]\d{2}|12L\d{2}|[2-7]\d{3}|8[67]\d{2}|93\d{2}|52100|30[1-9]|3[1-4]\d|4[0-4]\d)`;

const NUMBER_WITH_PREFIX = new RegExp(
  String.raw`\b(?:AISI|SAE|UNS|AA|ASTM)\s*-?\s*${GRADE_NUMBER}(?![\d.,])${SUFFIX}|\b(?:stainless(?:\s+steel)?|steel|alu(?:minium|minum)?|Al)\s+${GRADE_NUMBER}(?![\d.,])${SUFFIX}`,
  'i',
);
const NUMBER_WITH_SUFFIX = new RegExp(
  String.raw`(?<![\d.,/Ø⌀])\b${GRADE_NUMBER}(?:-?T\d{1,4}\b|-O\b|-H\d{2,3}\b|\s+(?:stainless(?:\s+steel)?|steel|aluminium|aluminum|alu|alloy)\b)(?:\s+(?:steel|bar|rod))?`,
  'i',
);
const NUMBER_AFTER_LABEL = new RegExp(
  String.raw`\b(?:material|mat'?l\.?|matl\.?|werkstoff|stock)\s*[:=]?\s*(${GRADE_NUMBER})(?![\d.,])`,
  'i',
);

/** Plastics and generic names, weakest evidence: used only when nothing more specific is written. */
const GENERIC: readonly RegExp[] = [
  /\bPOM(?:-[CH])?\b|\bDelrin\b|\bacetal\b/i,
  /\bPEEK\b|\bPTFE\b|\bTeflon\b|\bUHMW(?:-?PE)?\b|\bHDPE\b|\bPMMA\b|\bPVC\b|\bpolycarbonate\b|\bacrylic\b/i,
  /\bnylon\b|\bPA\s?6{1,2}\b|\bPA\s?12\b/i,
  // 3D-printing plastics, named on drawings of printed parts.
  /\bPLA\b|\bABS\b|\bPETG\b/,
  /\b(?:free[- ]cutting |leaded )?brass\b|\bphosphor bronze\b|\bbronze\b|\bcopper\b/i,
  /\b(?:stainless|tool|mild|carbon|alloy|free[- ]cutting)\s+steel\b/i,
  /\bcast iron\b|\bductile iron\b/i,
  /\btitanium\b/i,
  /\balumin(?:i)?um\b/i,
  /\bsteel\b/i,
  // German: Edelstahl (stainless steel), Messing (brass), Stahl (steel).
  /\bEdelstahl\b|\bMessing\b|\bStahl\b/i,
];

function firstMatch(patterns: readonly RegExp[], text: string): string | undefined {
  let best: { index: number; text: string } | undefined;
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match && (best === undefined || match.index < best.index)) {
      best = { index: match.index, text: match[0] };
    }
  }
  return best?.text.trim();
}

/**
 * The material a note names, kept as written, or undefined.
 *
 * Recognises steel grades (AISI/SAE 1018, 1045, 4140, 4340; stainless 303, 304, 316, 316L, 17-4PH;
 * EN 10027 names such as C45, 42CrMo4, 16MnCr5, S235JR, 11SMnPb30; Swedish SS 1914, SS 2541),
 * aluminium (AA 6061, 6061-T6, 6082, 7075, 2024; EN 573 EN AW-6082), copper alloys (CuZn39Pb3,
 * C360, brass, bronze), plastics (POM, Delrin, acetal, PEEK, nylon, PTFE; PLA, ABS, PETG for printed
 * parts), titanium (Ti-6Al-4V, grade 5), cast iron (GG25, EN-GJL-250) and the German generic
 * words Stahl, Edelstahl and Messing. A bare number needs context ('4140 steel',
 * 'AISI 4140', 'Material: 4140', '6061-T6'). A generic word ('steel', 'brass') is returned only
 * when nothing more specific is written.
 *
 * @param text - plain text of a note or of the operator's feedback
 * @returns the designation with the words that belong to it ('4140 steel', 'EN AW-6082',
 *   '42CrMo4'), or undefined
 */
export function findMaterial(text: string): string | undefined {
  const specific =
    firstMatch(DISTINCT, text) ??
    firstMatch([NUMBER_WITH_PREFIX, NUMBER_WITH_SUFFIX], text) ??
    NUMBER_AFTER_LABEL.exec(text)?.[1];
  return specific ?? firstMatch(GENERIC, text);
}
