/**
 * TEXT and MTEXT notes of a drawing: material, threads, chamfer callouts, surface finish, general
 * tolerance, heat treatment, hardness and centre holes (ISO 6411); what is left and the title block's cells are kept for
 * the description's `notes` and `titleBlock` (title-block.ts), never for the overview.
 */
import {
  findMaterial,
  parseCentreHoles,
  parseChamferCallout,
  parseGeneralTolerance,
  parseRoughness,
  parseThreadCallout,
  type ParsedChamfer,
  type ParsedThread,
} from '#cam/callouts';
import type { TextNote } from './content.ts';

export interface NoteFindings {
  material?: { text: string; note: TextNote; generic: boolean };
  generalTolerance?: { text: string; note: TextNote };
  roughness: { raUm: number; note: TextNote }[];
  threads: { thread: ParsedThread; note: TextNote }[];
  chamfers: { chamfer: ParsedChamfer; note: TextNote }[];
  /** 'bevel', 'chamfer', 'break edges' without a size: the purpose of a drawn chamfer. */
  edgeWords: TextNote[];
  heatTreatment?: string;
  hardness?: string;
  concentricity?: string;
  /** Whether the part may keep centre holes (ISO 6411), when a note says; a ban wins. */
  centreHoles?: 'permitted' | 'not permitted';
  /** Drawing notes that said none of the above. */
  other: TextNote[];
  /** The title block's texts (title-block.ts titleCellOf sorts them into its fields). */
  titleBlock: TextNote[];
}

/** A material named without a grade. */
const GENERIC_MATERIAL =
  /^(?:(?:stainless|tool|mild|carbon|alloy|free[- ]cutting) )?steel$|^alumin(?:i)?um$|^titanium$|^cast iron$|^copper$|^bronze$/i;
const HEAT_TREATMENT =
  /\b(?:case[- ])?harden(?:ed|ing)?\b|\btemper(?:ed|ing)?\b|\banneal(?:ed|ing)?\b|\bnormali[sz]ed\b|\bnitrid(?:ed|ing)\b|\bquench(?:ed)?\b|\bstress[- ]reliev(?:ed|ing)\b|\binduction\b|\bcarburi[sz]ed\b/i;
const HARDNESS =
  /\b\d{2}(?:\s*[-–…]\s*\d{2})?\s*HRC\b|\bHRC\s*\d{2}(?:\s*[-–…]\s*\d{2})?\b|\b\d{2,3}(?:\s*[-–]\s*\d{2,3})?\s*HB[W]?\b|\bHB[W]?\s*\d{2,3}\b/i;
const CONCENTRICITY = /concentric|run-?out|coaxial/i;
const EDGE_WORDS =
  /^(?:bevel(?:led)?|chamfer(?:ed)?|break (?:all )?(?:sharp )?edges?|deburr(?:ed)?)\.?$/i;

/**
 * Sorts the notes of a drawing into what the description needs.
 *
 * @param notes - plain text notes with positions; title block texts are searched for material,
 *   tolerance and finish only
 * @param units - the drawing's units, for chamfer sizes written without a unit ('.03 X 45°')
 * @returns findings, with the drawing notes that said nothing the reader uses in `other`
 */
export function readNotes(notes: TextNote[], units: 'mm' | 'inch' = 'mm'): NoteFindings {
  const findings: NoteFindings = {
    roughness: [],
    threads: [],
    chamfers: [],
    edgeWords: [],
    other: [],
    titleBlock: [],
  };
  // Drawing notes first: they win over the title block.
  const ordered = [...notes.filter((n) => !n.inTitleBlock), ...notes.filter((n) => n.inTitleBlock)];
  for (const note of ordered) {
    const text = note.text.replace(/\s+/g, ' ').trim();
    let used = false;
    const material = findMaterial(text);
    if (material && (!findings.material || (findings.material.generic && !isGeneric(material)))) {
      findings.material = { text: material, note, generic: isGeneric(material) };
      used = true;
    }
    const tolerance = parseGeneralTolerance(text);
    if (tolerance && !findings.generalTolerance) {
      findings.generalTolerance = { text: tolerance, note };
      used = true;
    }
    const raUm = parseRoughness(text);
    if (raUm !== undefined) {
      findings.roughness.push({ raUm, note });
      used = true;
    }
    const heat = HEAT_TREATMENT.exec(text);
    if (heat && !findings.heatTreatment) {
      findings.heatTreatment = text;
      used = true;
    }
    const hardness = HARDNESS.exec(text);
    if (hardness && !findings.hardness) {
      findings.hardness = hardness[0];
      used = true;
    }
    if (note.inTitleBlock) {
      findings.titleBlock.push(note);
      continue;
    }
    // Kept among the notes too: the operator sees what allowed or banned them.
    const centreHoles = parseCentreHoles(text);
    if (centreHoles && findings.centreHoles !== 'not permitted') findings.centreHoles = centreHoles;
    if (CONCENTRICITY.test(text)) {
      findings.concentricity = text;
      used = true;
    }
    const thread = parseThreadCallout(text);
    if (thread) {
      findings.threads.push({ thread, note });
      used = true;
    }
    const chamfer = parseChamferCallout(text, units);
    if (chamfer) {
      findings.chamfers.push({ chamfer, note });
      used = true;
    }
    if (!used && EDGE_WORDS.test(text)) {
      findings.edgeWords.push(note);
      used = true;
    }
    if (!used) findings.other.push(note);
  }
  return findings;
}

function isGeneric(material: string): boolean {
  return GENERIC_MATERIAL.test(material.trim());
}
