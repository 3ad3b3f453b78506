/**
 * Workpiece materials: the grades a shop turns, their ISO 513 machinability group, and the
 * equivalents a shop may have on the rack instead.
 *
 * Groups (ISO 513:2012): P steel, M stainless steel, K cast iron, N non-ferrous (aluminium,
 * copper alloys, plastics), S heat-resistant alloys and titanium, H hardened steel.
 * Equivalent designations from EN 10027, EN 573 and ASTM/AISI cross-reference tables.
 */

export type MaterialGroup = 'P' | 'M' | 'K' | 'N' | 'S' | 'H';

export interface MaterialGrade {
  key: string;
  /** Display name, as the material choice shows it. */
  name: string;
  /** Designation as commonly written on drawings. */
  grade: string;
  group: MaterialGroup;
  /** Finer class inside the group, for cutting data: 'low-carbon', 'alloy', 'aluminium', 'plastic'… */
  subgroup: MaterialSubgroup;
  /** Equivalent or close materials a shop may stock instead. */
  alternates: string[];
  /** Case-insensitive patterns that identify the grade in free text. */
  aliases: RegExp[];
}

export type MaterialSubgroup =
  | 'free-cutting'
  | 'low-carbon'
  | 'medium-carbon'
  | 'alloy'
  | 'stainless-austenitic'
  | 'stainless-martensitic'
  | 'grey-iron'
  | 'ductile-iron'
  | 'aluminium'
  | 'copper-alloy'
  | 'plastic'
  | 'titanium'
  | 'nickel-alloy'
  | 'hardened';

export const materialGrades: readonly MaterialGrade[] = [
  {
    key: '11smnpb30',
    name: 'Free-cutting steel 12L14',
    grade: 'AISI 12L14',
    group: 'P',
    subgroup: 'free-cutting',
    alternates: ['11SMnPb30 (1.0718)', 'AISI 1215'],
    aliases: [
      /\b12L14\b/i,
      /\b11SMnPb30\b/i,
      /\b1\.0718\b/,
      /\b1215\b/,
      /free[- ]cutting steel/i,
      /\bSS ?1914\b/i,
    ],
  },
  {
    key: '1018',
    name: 'Low-carbon steel 1018',
    grade: 'AISI 1018',
    group: 'P',
    subgroup: 'low-carbon',
    alternates: ['C15 (1.0401)', 'S235JR (1.0038)'],
    aliases: [
      /\b10(1[0-9]|20)\b/,
      /\bC15\b/,
      /\bS235(JR)?\b/i,
      /\bS355(J2)?\b/i,
      /\bmild steel\b/i,
      /\blow[- ]carbon steel\b/i,
    ],
  },
  {
    key: '1045',
    name: 'Medium-carbon steel 1045',
    grade: 'AISI 1045',
    group: 'P',
    subgroup: 'medium-carbon',
    alternates: ['C45 (1.0503)', 'S45C'],
    aliases: [/\b1045\b/, /\bC45E?\b/, /\b1\.0503\b/, /\bS45C\b/i, /\bSS ?1672\b/i],
  },
  {
    key: '4140',
    name: 'Alloy steel 4140',
    grade: 'AISI 4140',
    group: 'P',
    subgroup: 'alloy',
    alternates: ['42CrMo4 (1.7225)', 'SCM440', 'AISI 4340'],
    aliases: [
      /\b41[34]0\b/,
      /\b42CrMo4\b/i,
      /\b1\.7225\b/,
      /\bSCM440\b/i,
      /\b4340\b/,
      /\b34CrNiMo6\b/i,
      /\bSS ?2244\b/i,
      /\bSS ?2541\b/i,
    ],
  },
  {
    key: '16mncr5',
    name: 'Case-hardening steel 16MnCr5',
    grade: '16MnCr5 (1.7131)',
    group: 'P',
    subgroup: 'alloy',
    alternates: ['AISI 5115', 'AISI 8620'],
    aliases: [/\b16MnCr5\b/i, /\b1\.7131\b/, /\b8620\b/, /\b5115\b/],
  },
  {
    key: '303',
    name: 'Stainless steel 303',
    grade: 'AISI 303',
    group: 'M',
    subgroup: 'stainless-austenitic',
    alternates: ['X8CrNiS18-9 (1.4305)', 'AISI 304'],
    aliases: [/\b303\b/, /\b1\.4305\b/, /\bX8CrNiS18-9\b/i],
  },
  {
    key: '304',
    name: 'Stainless steel 304',
    grade: 'AISI 304',
    group: 'M',
    subgroup: 'stainless-austenitic',
    alternates: ['X5CrNi18-10 (1.4301)', 'AISI 303', 'AISI 316L'],
    aliases: [
      /\b304L?\b/,
      /\b1\.430[17]\b/,
      /\bX5CrNi18-10\b/i,
      /\bstainless( steel)?\b/i,
      /\bSS ?2333\b/i,
    ],
  },
  {
    key: '316l',
    name: 'Stainless steel 316L',
    grade: 'AISI 316L',
    group: 'M',
    subgroup: 'stainless-austenitic',
    alternates: ['X2CrNiMo17-12-2 (1.4404)', 'AISI 316'],
    aliases: [/\b316L?\b/, /\b1\.440[14]\b/, /\bX2CrNiMo17-12-2\b/i],
  },
  {
    key: '17-4ph',
    name: 'Stainless steel 17-4 PH',
    grade: 'AISI 630 (17-4 PH)',
    group: 'M',
    subgroup: 'stainless-martensitic',
    alternates: ['X5CrNiCuNb16-4 (1.4542)', 'AISI 420'],
    aliases: [/\b17-?4 ?PH\b/i, /\b1\.4542\b/, /\b630\b/, /\b420\b/, /\b1\.4021\b/],
  },
  {
    key: 'gg25',
    name: 'Grey cast iron EN-GJL-250',
    grade: 'EN-GJL-250',
    group: 'K',
    subgroup: 'grey-iron',
    alternates: ['GG25', 'ASTM A48 class 35'],
    aliases: [/\bGG ?25\b/i, /\bEN-GJL-\d{3}\b/i, /\bgr[ae]y (cast )?iron\b/i, /\bcast iron\b/i],
  },
  {
    key: 'ggg50',
    name: 'Ductile iron EN-GJS-500-7',
    grade: 'EN-GJS-500-7',
    group: 'K',
    subgroup: 'ductile-iron',
    alternates: ['GGG50', 'ASTM A536 80-55-06'],
    aliases: [/\bGGG ?\d{2}\b/i, /\bEN-GJS-\d{3}/i, /\bductile iron\b/i],
  },
  {
    key: '6061',
    name: 'Aluminium 6061-T6',
    grade: 'AA 6061-T6',
    group: 'N',
    subgroup: 'aluminium',
    alternates: ['EN AW-6082-T6', 'EN AW-6063'],
    aliases: [/\b6061\b/, /\bAlMg1SiCu\b/i, /\balumin(i)?um\b/i],
  },
  {
    key: '6082',
    name: 'Aluminium 6082-T6',
    grade: 'EN AW-6082-T6',
    group: 'N',
    subgroup: 'aluminium',
    alternates: ['AA 6061-T6', 'EN AW-6063'],
    aliases: [/\b6082\b/, /\bAlSi1MgMn\b/i],
  },
  {
    key: '7075',
    name: 'Aluminium 7075-T6',
    grade: 'AA 7075-T6',
    group: 'N',
    subgroup: 'aluminium',
    alternates: ['EN AW-7075-T651', 'AA 2024-T3'],
    aliases: [/\b7075\b/, /\b2024\b/, /\bAlZn5,?5MgCu\b/i],
  },
  {
    key: 'brass',
    name: 'Free-cutting brass CuZn39Pb3',
    grade: 'CuZn39Pb3 (CW614N)',
    group: 'N',
    subgroup: 'copper-alloy',
    alternates: ['C36000 (C360)', 'CuZn40Pb2 (CW617N)'],
    aliases: [
      /\bCuZn\d{2}Pb\d\b/i,
      /\bCW61[47]N\b/i,
      /\bC3600?0?\b/i,
      /\bbrass\b/i,
      /\bbronze\b/i,
      /\bCuSn\d/i,
    ],
  },
  {
    key: 'pom',
    name: 'Acetal POM-C (Delrin)',
    grade: 'POM-C',
    group: 'N',
    subgroup: 'plastic',
    alternates: ['POM-H (Delrin)', 'PA6 (nylon)', 'PETP'],
    aliases: [
      /\bPOM(-[CH])?\b/i,
      /\bdelrin\b/i,
      /\bacetal\b/i,
      /\bnylon\b/i,
      /\bPA ?6\b/i,
      /\bPTFE\b/i,
      /\bPEEK\b/i,
      /\bUHMW/i,
    ],
  },
  {
    key: 'ti6al4v',
    name: 'Titanium Ti-6Al-4V',
    grade: 'Ti-6Al-4V (grade 5)',
    group: 'S',
    subgroup: 'titanium',
    alternates: ['Ti grade 2 (CP)', 'Ti-6Al-4V ELI (grade 23)'],
    aliases: [/\bTi-?6Al-?4V\b/i, /\btitanium\b/i, /\bgrade ?5\b/i],
  },
  {
    key: 'inconel718',
    name: 'Nickel alloy 718',
    grade: 'Inconel 718 (2.4668)',
    group: 'S',
    subgroup: 'nickel-alloy',
    alternates: ['Inconel 625', 'Hastelloy C-276'],
    aliases: [/\binconel\b/i, /\b2\.4668\b/, /\bhastelloy\b/i, /\bnickel alloy\b/i],
  },
  {
    key: 'd2-hardened',
    name: 'Hardened tool steel D2 (58 HRC)',
    grade: 'AISI D2, 58–62 HRC',
    group: 'H',
    subgroup: 'hardened',
    alternates: ['X153CrMoV12 (1.2379)', 'AISI O1 hardened'],
    aliases: [/\bD2\b/, /\b1\.2379\b/, /\b[5-6]\d ?HRC\b/i, /\bhardened\b/i],
  },
];

/**
 * The grade a free-text material names, or undefined.
 * More specific grades win: the first grade whose alias matches, in catalogue order after sorting
 * aliases by length, so "316L stainless" is 316L and not generic stainless.
 */
export function identifyMaterial(text: string): MaterialGrade | undefined {
  const candidates: { grade: MaterialGrade; length: number }[] = [];
  for (const grade of materialGrades) {
    for (const alias of grade.aliases) {
      const match = alias.exec(text);
      if (match) candidates.push({ grade, length: match[0].length });
    }
  }
  candidates.sort((a, b) => b.length - a.length);
  return candidates[0]?.grade;
}

export interface MaterialChoice {
  name: string;
  grade: string;
  alternates: string[];
}

const commonChoices = ['1018', '4140', '303', '6061', 'brass', 'pom'];

/**
 * Material choices for the workflow's material step: the grade the drawing names (if any)
 * first with its alternates, then common shop materials.
 */
export function materialChoices(drawingMaterial: string): MaterialChoice[] {
  const named = drawingMaterial.trim() ? identifyMaterial(drawingMaterial) : undefined;
  const keys = named
    ? [named.key, ...commonChoices.filter((key) => key !== named.key)]
    : commonChoices;
  const choices = keys.map((key) => {
    const grade = materialGrades.find((entry) => entry.key === key)!;
    return { name: grade.name, grade: grade.grade, alternates: [...grade.alternates] };
  });
  if (drawingMaterial.trim() && !named) {
    // Keep what the drawing says even when it is not in the catalogue.
    choices.unshift({
      name: drawingMaterial.trim(),
      grade: drawingMaterial.trim(),
      alternates: [],
    });
  }
  return choices;
}
