/**
 * A short text summary of a STEP file (ISO 10303-21) for an assistant that cannot read STEP:
 * the header (description, name, originating system, schema), the product names, the length
 * unit, and the radii of the cylindrical and conical surfaces and tori, which on a turned part
 * are its diameters, bores, chamfers and fillets. No geometry kernel is involved: the entities
 * are read as text.
 */

/** Longest summary returned, characters. */
const maxLength = 12_000;

const unitNames: Record<string, string> = {
  MILLI: 'mm',
  CENTI: 'cm',
  '': 'm',
};

function values(text: string, entity: string): string[] {
  return [...text.matchAll(new RegExp(`${entity}\\s*\\(([^;]*)\\)\\s*;`, 'gi'))].map(
    (match) => match[1]!,
  );
}

/** The quoted strings of an entity's parameters. */
const strings = (parameters: string) =>
  [...parameters.matchAll(/'((?:[^']|'')*)'/g)].map((match) => match[1]!.replace(/''/g, "'"));

/** The radii (in file units) of the entities `entity` whose radius is parameter `index`. */
function radii(text: string, entity: string): number[] {
  return values(text, entity)
    .map((parameters) => Number(parameters.split(',').at(-1)?.trim() ?? parameters))
    .filter((value) => Number.isFinite(value) && value > 0);
}

function distinct(numbers: number[]): string {
  const counts = new Map<string, number>();
  for (const value of numbers) {
    const key = String(Math.round(value * 1000) / 1000);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => Number(a[0]) - Number(b[0]))
    .map(([value, count]) => (count > 1 ? `${value} (${count} faces)` : value))
    .join(', ');
}

/**
 * Summarize a STEP file's text.
 * @param content - the file as text (ASCII STEP)
 * @param fileName - for the first line
 * @returns at most 12,000 characters of summary
 */
export function stepSummary(content: string, fileName: string): string {
  const header = content.slice(0, 20_000);
  const lines = [`STEP file ${fileName} (${Math.round(content.length / 1024)} KB).`];
  const description = values(header, 'FILE_DESCRIPTION')[0];
  if (description) lines.push(`Description: ${strings(description).join(' / ')}`);
  const name = values(header, 'FILE_NAME')[0];
  if (name) {
    const parts = strings(name);
    lines.push(`File name entry: ${parts[0] ?? ''}; originating system: ${parts.at(-2) ?? ''}`);
  }
  const schema = values(header, 'FILE_SCHEMA')[0];
  if (schema) lines.push(`Schema: ${strings(schema).join(', ')}`);
  const products = values(content, 'PRODUCT')
    .map((parameters) => strings(parameters).slice(0, 2).join(' - '))
    .filter(Boolean);
  if (products.length > 0) lines.push(`Products: ${[...new Set(products)].join('; ')}`);
  const lengthUnit = /SI_UNIT\s*\(\s*\.(\w*)\.\s*,\s*\.METRE\.\s*\)/i.exec(content);
  const inch = /CONVERSION_BASED_UNIT\s*\(\s*'INCH'/i.test(content);
  const unit = inch ? 'inch' : (unitNames[lengthUnit?.[1]?.toUpperCase() ?? 'MILLI'] ?? 'mm');
  lines.push(`Length unit: ${unit}.`);
  const cylinders = radii(content, 'CYLINDRICAL_SURFACE');
  if (cylinders.length > 0)
    lines.push(`Cylindrical faces, diameters (${unit}): ${distinct(cylinders.map((r) => 2 * r))}`);
  const cones = values(content, 'CONICAL_SURFACE').length;
  if (cones > 0) lines.push(`Conical faces (chamfers, tapers): ${cones}`);
  const tori = radii(content, 'TOROIDAL_SURFACE');
  if (tori.length > 0)
    lines.push(`Toroidal faces (fillets), minor radii (${unit}): ${distinct(tori)}`);
  const planes = values(content, 'PLANE').length;
  if (planes > 0) lines.push(`Plane faces: ${planes}`);
  const summary = lines.join('\n');
  return summary.length > maxLength ? `${summary.slice(0, maxLength)} …` : summary;
}
