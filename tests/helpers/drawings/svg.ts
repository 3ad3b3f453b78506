/**
 * A sheet (sheet.ts) as an SVG plot on paper: user units are millimetres (an inch drawing is
 * plotted at 25.4 mm per inch), black on white, outlines 0.5 mm and thin lines 0.25 mm, centre
 * lines dash-dot and hidden lines dashed, filled arrowheads, section hatching as a 45° line
 * pattern, and texts in DejaVu Sans (a Debian font) as the DXF shows them: the style's Ø glyph,
 * stacked tolerances small over each other, limits on two lines. Hatching is interrupted behind
 * the texts written over it (ISO 128-50: hatching is interrupted where a dimension value or text
 * is placed in a hatched area; CAD programs leave the text's box out of the hatch as an island).
 */
import {
  type DiameterSymbol,
  type LineKind,
  type Point,
  type Sheet,
  type SheetCurve,
  type SheetText,
  type TextPiece,
  type Vertex,
} from './sheet-model.ts';
import { extentOf } from './sheet-model.ts';
import { textChars } from './annotations.ts';
import { insidePolygon } from '#drawings/geometry/outline';

/** The glyph a CAD program shows for each way of writing Ø. */
const DIAMETER_GLYPH: Record<DiameterSymbol, string> = {
  '%%c': '\u2300',
  'U+2300': '\u2300',
  'U+00D8': '\u00d8',
  '\\U+2205': '\u2205',
};

/** Stroke width (mm) and dash pattern (mm) of each line kind. */
const STROKES: Record<LineKind, { width: number; dash?: string }> = {
  visible: { width: 0.5 },
  thin: { width: 0.25 },
  dimension: { width: 0.25 },
  centre: { width: 0.25, dash: '12 2 1.5 2' },
  hidden: { width: 0.25, dash: '3 1.5' },
};

/** DejaVu Sans capitals are 0.73 em high: a DXF text height is the capital height. */
const CAP_HEIGHT_EM = 0.73;

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const n = (value: number) => String(Math.round(value * 1000) / 1000);

/**
 * The sheet as an SVG document.
 *
 * @param sheet - the drawing (sheet.ts buildSheet)
 * @param marginMm - white paper around the drawing, mm
 * @returns SVG text whose width and height are in mm (the plot at 1:1 in drawing units)
 */
export function sheetToSvg(sheet: Sheet, marginMm = 10): string {
  const mm = sheet.style.units === 'inch' ? 25.4 : 1;
  const extent = extentOf({
    ...sheet,
    curves: [...sheet.curves, ...(sheet.frame?.curves ?? [])],
  });
  const width = (extent.maxX - extent.minX) * mm + 2 * marginMm;
  const height = (extent.maxY - extent.minY) * mm + 2 * marginMm;
  /** Drawing units (y up) to paper mm (y down). */
  const P = (p: Point) => ({
    x: (p.x - extent.minX) * mm + marginMm,
    y: (extent.maxY - p.y) * mm + marginMm,
  });
  const glyph = DIAMETER_GLYPH[sheet.style.diameterSymbol];
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}mm" height="${n(height)}mm" viewBox="0 0 ${n(width)} ${n(height)}">`,
    '<defs><pattern id="hatch" patternUnits="userSpaceOnUse" width="2.5" height="2.5" patternTransform="rotate(-45)">',
    '<line x1="0" y1="0" x2="0" y2="2.5" stroke="black" stroke-width="0.25"/></pattern></defs>',
    `<rect width="${n(width)}" height="${n(height)}" fill="white"/>`,
  );
  for (const hatch of sheet.hatches) {
    const points = hatch.boundary.map(P);
    out.push(
      `<path d="M${points.map((p) => `${n(p.x)} ${n(p.y)}`).join(' L')} Z" fill="url(#hatch)" stroke="none"/>`,
    );
  }
  const texts = [...sheet.notes.map((note) => note.text), ...sheet.dimensions.map((d) => d.text)];
  for (const text of texts) {
    if (sheet.hatches.some((hatch) => overHatch(text, hatch.boundary)))
      out.push(maskSvg(text, P, mm));
  }
  for (const curve of [...sheet.curves, ...(sheet.frame?.curves ?? [])])
    out.push(curveSvg(curve, P, mm));
  for (const note of sheet.frame?.notes ?? []) out.push(textSvg(note.text, P, mm, glyph));
  const dimensionStroke = `stroke="black" stroke-width="${STROKES.dimension.width}" fill="none"`;
  for (const note of sheet.notes) {
    if (note.leader) {
      const points = note.leader.map(P);
      out.push(
        `<polyline points="${points.map((p) => `${n(p.x)},${n(p.y)}`).join(' ')}" ${dimensionStroke}/>`,
      );
      out.push(arrowSvg(note.leader, P, sheet.dimensionStyle.arrowSize));
    }
    out.push(textSvg(note.text, P, mm, glyph));
  }
  for (const dimension of sheet.dimensions) {
    for (const [a, b] of dimension.lines) {
      const [pa, pb] = [P(a), P(b)];
      out.push(
        `<line x1="${n(pa.x)}" y1="${n(pa.y)}" x2="${n(pb.x)}" y2="${n(pb.y)}" ${dimensionStroke}/>`,
      );
    }
    for (const arrow of dimension.arrows) {
      const points = arrow.map(P);
      out.push(
        `<polygon points="${points.map((p) => `${n(p.x)},${n(p.y)}`).join(' ')}" fill="black"/>`,
      );
    }
    out.push(textSvg(dimension.text, P, mm, glyph));
  }
  out.push('</svg>');
  return out.join('\n');
}

/** Line spacing of a text's lines, in capital heights. */
const LINE_GAP = 1.6;
/** DejaVu Sans digits are 0.64 em wide, 0.87 of the capital height. */
const CHAR_WIDTH = 0.87;

/**
 * A text's box in its own frame (x along the text, y down, drawing units from `at`), with a
 * margin of a third of its height: what a CAD program leaves out of a hatch behind it.
 */
function textBox(text: SheetText): { x0: number; x1: number; y0: number; y1: number } {
  const cap = text.height;
  // Wider than textWidth's rough 0.8 a glyph: the box is to cover the text.
  const width = textChars(text.lines) * CHAR_WIDTH * cap;
  const count = text.lines.length;
  const pad = cap / 3;
  if (text.anchor === 'middleCentre') {
    const half = ((count - 1) / 2) * LINE_GAP * cap;
    return {
      x0: -width / 2 - pad,
      x1: width / 2 + pad,
      y0: cap / 2 - half - cap - pad,
      y1: cap / 2 + half + 0.25 * cap + pad,
    };
  }
  return {
    x0: -pad,
    x1: width + pad,
    y0: -cap - pad,
    y1: (count - 1) * LINE_GAP * cap + 0.25 * cap + pad,
  };
}

/** Whether any of a 5 × 3 grid of points of the text's box lies in the hatched polygon. */
function overHatch(text: SheetText, boundary: Point[]): boolean {
  const box = textBox(text);
  const r = (text.rotationDeg * Math.PI) / 180;
  const [c, s] = [Math.cos(r), Math.sin(r)];
  for (let i = 0; i <= 4; i++) {
    for (let j = 0; j <= 2; j++) {
      const x = box.x0 + ((box.x1 - box.x0) * i) / 4;
      const y = -(box.y0 + ((box.y1 - box.y0) * j) / 2); // the box's y is down, the drawing's up
      if (insidePolygon({ x: text.at.x + c * x - s * y, y: text.at.y + s * x + c * y }, boundary))
        return true;
    }
  }
  return false;
}

/** A white box behind a text, in paper mm: the hatch's island. */
function maskSvg(text: SheetText, P: (p: Point) => Point, mm: number): string {
  const box = textBox(text);
  const at = P(text.at);
  return `<g transform="translate(${n(at.x)} ${n(at.y)}) rotate(${n(-text.rotationDeg)})"><rect x="${n(box.x0 * mm)}" y="${n(box.y0 * mm)}" width="${n((box.x1 - box.x0) * mm)}" height="${n((box.y1 - box.y0) * mm)}" fill="white"/></g>`;
}

function strokeOf(kind: LineKind): string {
  const { width, dash } = STROKES[kind];
  return `stroke="black" stroke-width="${width}" fill="none" stroke-linecap="round"${dash ? ` stroke-dasharray="${dash}"` : ''}`;
}

function curveSvg(curve: SheetCurve, P: (p: Point) => Point, mm: number): string {
  const stroke = strokeOf(curve.line);
  switch (curve.kind) {
    case 'line': {
      const [a, b] = [P(curve.from), P(curve.to)];
      return `<line x1="${n(a.x)}" y1="${n(a.y)}" x2="${n(b.x)}" y2="${n(b.y)}" ${stroke}/>`;
    }
    case 'circle': {
      const c = P(curve.centre);
      return `<circle cx="${n(c.x)}" cy="${n(c.y)}" r="${n(curve.radius * mm)}" ${stroke}/>`;
    }
    case 'arc': {
      const point = (deg: number) =>
        P({
          x: curve.centre.x + curve.radius * Math.cos((deg * Math.PI) / 180),
          y: curve.centre.y + curve.radius * Math.sin((deg * Math.PI) / 180),
        });
      const [a, b] = [point(curve.startDeg), point(curve.endDeg)];
      const sweep = (((curve.endDeg - curve.startDeg) % 360) + 360) % 360;
      const r = n(curve.radius * mm);
      // Counter-clockwise with y up is clockwise on paper (sweep flag 0).
      return `<path d="M${n(a.x)} ${n(a.y)} A${r} ${r} 0 ${sweep > 180 ? 1 : 0} 0 ${n(b.x)} ${n(b.y)}" ${stroke}/>`;
    }
    case 'polyline':
      return `<path d="${polylinePath(curve.vertices, curve.closed, P)}" ${stroke}/>`;
  }
}

/** An SVG path of a polyline with bulges (each bulge an arc to the next vertex). */
function polylinePath(vertices: Vertex[], closed: boolean, P: (p: Point) => Point): string {
  const parts: string[] = [];
  const first = P(vertices[0]!);
  parts.push(`M${n(first.x)} ${n(first.y)}`);
  const count = closed ? vertices.length : vertices.length - 1;
  for (let i = 0; i < count; i++) {
    const a = vertices[i]!;
    const b = vertices[(i + 1) % vertices.length]!;
    const to = P(b);
    if (!a.bulge) {
      parts.push(`L${n(to.x)} ${n(to.y)}`);
      continue;
    }
    const [pa, pb] = [P(a), to];
    const chord = Math.hypot(pb.x - pa.x, pb.y - pa.y);
    const theta = 4 * Math.atan(Math.abs(a.bulge));
    const r = chord / 2 / Math.sin(theta / 2);
    // A positive bulge turns counter-clockwise with y up: clockwise on paper.
    parts.push(
      `A${n(r)} ${n(r)} 0 ${theta > Math.PI ? 1 : 0} ${a.bulge > 0 ? 0 : 1} ${n(to.x)} ${n(to.y)}`,
    );
  }
  if (closed) parts.push('Z');
  return parts.join(' ');
}

function arrowSvg(leader: Point[], P: (p: Point) => Point, size: number): string {
  const tip = leader.at(-1)!;
  const from = leader.at(-2)!;
  const length = Math.hypot(tip.x - from.x, tip.y - from.y) || 1;
  const d = { x: (tip.x - from.x) / length, y: (tip.y - from.y) / length };
  const back = { x: tip.x - d.x * size, y: tip.y - d.y * size };
  const side = { x: (-d.y * size) / 6, y: (d.x * size) / 6 };
  const points = [
    tip,
    { x: back.x + side.x, y: back.y + side.y },
    { x: back.x - side.x, y: back.y - side.y },
  ].map(P);
  return `<polygon points="${points.map((p) => `${n(p.x)},${n(p.y)}`).join(' ')}" fill="black"/>`;
}

/**
 * A text as SVG: each line a <text>, centred on `at` (dimension texts) or on its baseline from
 * `at` (notes), rotated as in the DXF; a stack's upper and lower halves at 0.7 size above and
 * below the middle of the line.
 */
function textSvg(text: SheetText, P: (p: Point) => Point, mm: number, glyph: string): string {
  const capMm = text.height * mm;
  const fontSize = capMm / CAP_HEIGHT_EM;
  const at = P(text.at);
  const lineGap = 1.6 * capMm;
  const count = text.lines.length;
  const shown = (s: string) => escape(s.replace(/Ø/g, glyph));
  const lines = text.lines.map((line, i) => {
    const baseline =
      text.anchor === 'middleCentre' ? capMm / 2 + (i - (count - 1) / 2) * lineGap : i * lineGap;
    const runs = line.map((piece: TextPiece) =>
      'text' in piece
        ? `<tspan>${shown(piece.text)}</tspan>`
        : `<tspan font-size="${n(fontSize * 0.7)}" dy="${n(-capMm * 0.55)}">${shown(piece.upper)}</tspan>` +
          `<tspan font-size="${n(fontSize * 0.7)}" dx="${n(-0.7 * fontSize * 0.6 * piece.upper.length)}" dy="${n(capMm * 1.1)}">${shown(piece.lower)}</tspan>`,
    );
    const anchor = text.anchor === 'middleCentre' ? ' text-anchor="middle"' : '';
    return `<text x="0" y="${n(baseline)}"${anchor}>${runs.join('')}</text>`;
  });
  return `<g transform="translate(${n(at.x)} ${n(at.y)}) rotate(${n(-text.rotationDeg)})" font-family="DejaVu Sans" font-size="${n(fontSize)}" fill="black">${lines.join('')}</g>`;
}
