/**
 * What the STEP file's text (ISO 10303-21) says beside the geometry the kernel meshes: whether it
 * is a STEP file at all, its length unit, the exact radii of its analytic surfaces (to snap
 * fitted sizes to what the designer typed), the product names and a material designation when
 * the exporter wrote one.
 */
import { findMaterial, MM_PER_INCH, roundMm } from '#cam/callouts';

/** The file starts with the ISO 10303-21 exchange-structure keyword (after blanks or a BOM). */
export function looksLikeStep(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  return /^\uFEFF?\s*ISO-10303-21\s*;/.test(head);
}

/** True when the DATA section holds a solid or shell model the kernel can mesh. */
export function holdsShapes(text: string): boolean {
  return /\b(?:MANIFOLD_SOLID_BREP|BREP_WITH_VOIDS|SHELL_BASED_SURFACE_MODEL|FACETED_BREP|ADVANCED_FACE|FACE_SURFACE)\s*\(/i.test(
    text,
  );
}

/**
 * Millimetres per file length unit, from the LENGTH_UNIT entity: 1 for mm, 25.4 for inch, …
 * @returns the factor, or undefined when the file does not say
 */
export function mmPerFileUnit(text: string): number | undefined {
  for (const match of text.matchAll(/=\s*\([^;=]*\bLENGTH_UNIT\s*\(\s*\)[^;]*;/gi)) {
    const entity = match[0];
    const converted = /CONVERSION_BASED_UNIT\s*\(\s*'([^']*)'/i.exec(entity)?.[1]?.toUpperCase();
    if (converted === 'INCH') return MM_PER_INCH;
    if (converted === 'FOOT') return 12 * MM_PER_INCH;
    const si = /SI_UNIT\s*\(\s*(\.\w+\.|\$)\s*,\s*\.METRE\.\s*\)/i.exec(entity)?.[1]?.toUpperCase();
    if (si === '.MILLI.') return 1;
    if (si === '.CENTI.') return 10;
    if (si === '.MICRO.') return 0.001;
    if (si === '$') return 1000;
  }
  return undefined;
}

/** The numbers of every `entity(…)` instance's parameter list. */
function parameterLists(text: string, entity: string): string[] {
  return [...text.matchAll(new RegExp(`\\b${entity}\\s*\\(([^;]*)\\)\\s*;`, 'gi'))].map(
    (match) => match[1]!,
  );
}

const numbersOf = (parameters: string) =>
  parameters
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((value) => Number.isFinite(value));

/**
 * The radii the file's analytic surfaces were defined with, in mm: cylinders, cone base radii
 * and torus tube radii.
 * @param text - the STEP file
 * @param mmPerUnit - from {@link mmPerFileUnit}
 * @returns distinct radii, ascending
 */
export function exactRadiiMm(text: string, mmPerUnit: number): number[] {
  const found = new Set<number>();
  const keep = (value: number | undefined) => {
    if (value !== undefined && value > 0) found.add(roundMm(value * mmPerUnit));
  };
  for (const parameters of parameterLists(text, 'CYLINDRICAL_SURFACE'))
    keep(numbersOf(parameters).at(-1));
  for (const parameters of parameterLists(text, 'CONICAL_SURFACE'))
    keep(numbersOf(parameters).at(-2));
  for (const parameters of parameterLists(text, 'TOROIDAL_SURFACE'))
    keep(numbersOf(parameters).at(-1));
  for (const parameters of parameterLists(text, 'CIRCLE')) keep(numbersOf(parameters).at(-1));
  return [...found].sort((a, b) => a - b);
}

/**
 * A fitted size snapped to the nearest exact radius of the file when within `toleranceMm`,
 * else rounded to 0.001 mm.
 */
export function snapRadius(radiusMm: number, exact: number[], toleranceMm: number): number {
  let best: number | undefined;
  for (const value of exact) {
    if (Math.abs(value - radiusMm) <= toleranceMm) {
      if (best === undefined || Math.abs(value - radiusMm) < Math.abs(best - radiusMm))
        best = value;
    }
  }
  return Math.round((best ?? radiusMm) * 10_000) / 10_000;
}

const quoted = (parameters: string) =>
  [...parameters.matchAll(/'((?:[^']|'')*)'/g)].map((match) => match[1]!.replace(/''/g, "'"));

/** Product names ('P0011 base plate'), distinct, without empty ones. */
export function productNames(text: string): string[] {
  const names = parameterLists(text, 'PRODUCT').flatMap((parameters) =>
    quoted(parameters).slice(0, 2),
  );
  return [...new Set(names.map((name) => name.trim()).filter(Boolean))];
}

/**
 * A material the file names: a MATERIAL_DESIGNATION entity, or a representation item or
 * property called 'material'.
 * @returns the material as written, or undefined
 */
export function materialOf(text: string): { text: string; entity: string } | undefined {
  for (const parameters of parameterLists(text, 'MATERIAL_DESIGNATION')) {
    const name = quoted(parameters)[0]?.trim();
    if (name) return { text: name, entity: 'MATERIAL_DESIGNATION' };
  }
  for (const match of text.matchAll(
    /DESCRIPTIVE_REPRESENTATION_ITEM\s*\(\s*'([^']*material[^']*)'\s*,\s*'([^']*)'/gi,
  )) {
    const value = match[2]!.trim();
    if (value && findMaterial(value)) return { text: value, entity: match[1]! };
  }
  return undefined;
}
