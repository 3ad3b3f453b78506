/**
 * The offline DXF reader's time on the real drawings in ../shared/blueprints and on synthetic
 * drawings of short lines up to the upload limit (25 MB), where the reader's 20 s limit applies.
 * Run by dxf-reader.bench.mjs under tsx.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { readDxf } from '#drawings/dxf/reader';

const blueprints = new URL('../../../shared/blueprints/', import.meta.url);

function time(label: string, content: string) {
  const start = performance.now();
  let outcome: string;
  try {
    outcome = readDxf(content, label).isTurnedPart ? 'turned part' : 'not a turned part';
  } catch (error) {
    outcome = (error as Error).message.slice(0, 90);
  }
  const ms = performance.now() - start;
  console.info(
    `| ${label} | ${(content.length / 1e6).toFixed(1)} MB | ${ms.toFixed(0)} ms | ${outcome} |`,
  );
}

/** A DXF of `count` short lines on a grid: many entities, nothing to recognise. */
function gridOfLines(count: number): string {
  const parts = ['0', 'SECTION', '2', 'ENTITIES'];
  for (let i = 0; i < count; i += 1) {
    const x = (i % 500) * 3;
    const y = Math.floor(i / 500) * 3;
    parts.push('0', 'LINE', '8', '0', '10', `${x}`, '20', `${y}`, '30', '0');
    parts.push('11', `${x + 2}`, '21', `${y + 1}`, '31', '0');
  }
  parts.push('0', 'ENDSEC', '0', 'EOF');
  return parts.join('\n');
}

console.info('| drawing | size | time | result |\n| --- | --- | --- | --- |');
for (const folder of ['lathe', 'mill-edm']) {
  for (const file of readdirSync(new URL(`${folder}/`, blueprints))) {
    if (!file.toLowerCase().endsWith('.dxf')) continue;
    time(`${folder}/${file}`, readFileSync(new URL(`${folder}/${file}`, blueprints), 'utf8'));
  }
}
for (const count of [10_000, 100_000, 500_000]) time(`${count} lines`, gridOfLines(count));
