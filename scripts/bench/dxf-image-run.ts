/**
 * Time to render a DXF drawing to a PNG for Claude (renderDxfImage) on the real drawings in
 * ../shared/blueprints and on synthetic drawings of short lines up to the upload limit (25 MB).
 * Run by dxf-image.bench.mjs under tsx.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { renderDxfImage } from '#drawings/dxf/render';

const blueprints = new URL('../../../shared/blueprints/', import.meta.url);

async function time(label: string, content: string) {
  const start = performance.now();
  let outcome: string;
  try {
    const image = await renderDxfImage(content, label);
    outcome = image
      ? `${image.widthPx} × ${image.heightPx} px, ${(image.png.length / 1e3).toFixed(0)} kB PNG`
      : 'nothing to draw';
  } catch (error) {
    outcome = (error as Error).message.slice(0, 90);
  }
  const ms = performance.now() - start;
  const rssMb = process.memoryUsage().rss / 1e6;
  console.info(
    `| ${label} | ${(content.length / 1e6).toFixed(1)} MB | ${ms.toFixed(0)} ms | ${rssMb.toFixed(0)} MB | ${outcome} |`,
  );
}

/** A DXF of `count` short lines on a grid: many entities, each a pixel or two long. */
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

console.info(
  '| drawing | size | time | process memory after | result |\n| --- | --- | --- | --- | --- |',
);
for (const folder of ['lathe', 'mill-edm']) {
  for (const file of readdirSync(new URL(`${folder}/`, blueprints))) {
    if (!file.toLowerCase().endsWith('.dxf')) continue;
    await time(`${folder}/${file}`, readFileSync(new URL(`${folder}/${file}`, blueprints), 'utf8'));
  }
}
for (const count of [10_000, 100_000, 200_000, 500_000]) {
  await time(`${count} lines`, gridOfLines(count));
}
