/**
 * A sheet (sheet.ts) as an ASCII DXF, written with @tarikjabiri/dxf: layers and linetypes
 * (CENTER dash-dot, HIDDEN dashed), the part's curves, section hatching, notes as TEXT, and
 * each dimension as AutoCAD writes it: a DIMENSION entity (text in group 1, or `<>`, or none,
 * as the style says) referencing an anonymous block `*D<n>` that holds its dimension and
 * extension lines, SOLID arrowheads, MTEXT and definition POINTs (no block in the style whose
 * dimension texts are nowhere). The DIMSTYLE, header
 * $DIMLFAC and the per-dimension XDATA override carry the style's dimension scale.
 *
 * The library writes nearly all of it. Written here by hand, each a few lines: the SOLID
 * entity (the library has none), the dimension type's bit 32 (its classes fix the type), and
 * the XDATA override (its ExtendedData adds an outer 1002 list and drops the last character of
 * every string: 'DSTYLE' came out 'DSTYL').
 */
import {
  DiameterDimension,
  DxfWriter,
  ExtendedData,
  HatchBoundaryPaths,
  HatchPolylineBoundary,
  HatchPredefinedPatterns,
  Line,
  LinearDimension,
  LWPolylineFlags,
  MTextAttachmentPoint,
  RadialDimension,
  Units,
  pattern,
  point3d,
  vertex,
  type CommonEntityOptions,
  type DimensionOptions,
  type DxfBlock,
  type Dxfier,
  type LinearDimOptions,
  type vec3_t,
} from '@tarikjabiri/dxf';
import { choose } from './annotations.ts';
import {
  type DiameterSymbol,
  type LineKind,
  type Point,
  type Sheet,
  type SheetDimension,
  type TextPiece,
} from './sheet-model.ts';

/** The symbols a style writes for Ø, ± and °. */
const SYMBOLS: Record<DiameterSymbol, Record<'Ø' | '±' | '°', string>> = {
  '%%c': { Ø: '%%c', '±': '%%p', '°': '%%d' },
  'U+2300': { Ø: '\u2300', '±': '±', '°': '°' },
  'U+00D8': { Ø: '\u00d8', '±': '±', '°': '°' },
  '\\U+2205': { Ø: '\\U+2205', '±': '\\U+00B1', '°': '\\U+00B0' },
};

/**
 * Text pieces in DXF text codes: Ø ± ° as the style writes them, stacks as `\S+0.1^-0.2;`
 * (AutoCAD's own form `{\H0.7x;\S…;}` when `wrapStacks`), lines joined by `\P` (MTEXT and
 * dimension texts only), and the measured piece as `<>` when `measured`.
 */
export function encodeDxfText(
  lines: readonly TextPiece[][],
  symbol: DiameterSymbol,
  options: { wrapStacks?: boolean; measured?: boolean } = {},
): string {
  const symbols = SYMBOLS[symbol];
  const plain = (text: string) => text.replace(/[Ø±°]/g, (c) => symbols[c as 'Ø' | '±' | '°']);
  const piece = (p: TextPiece) => {
    if ('upper' in p) {
      const stack = `\\S${plain(p.upper)}^${plain(p.lower)};`;
      return options.wrapStacks ? `{\\H0.7x;${stack}}` : stack;
    }
    return options.measured && p.measured ? '<>' : plain(p.text);
  };
  return lines.map((line) => line.map(piece).join('')).join('\\P');
}

/** Group 1 of a DIMENSION as the style writes it; undefined leaves the group out. */
export function dimensionGroupOne(dimension: SheetDimension, sheet: Sheet): string | undefined {
  const { style } = sheet;
  if (style.dimensionText === 'blockOnly')
    return choose(style.variant, 11, [undefined, ''] as const);
  const wrapStacks = choose(style.variant, 12, [false, true]);
  if (style.dimensionText === 'explicit')
    return encodeDxfText(dimension.text.lines, style.diameterSymbol, { wrapStacks });
  const measuredPieces = dimension.text.lines.flat().filter((p) => 'text' in p && p.measured);
  if (dimension.text.lines.length !== 1 || measuredPieces.length !== 1)
    // Limits of size: the block shows them; with no block the text is written out.
    return style.dimensionText === 'measured'
      ? ''
      : encodeDxfText(dimension.text.lines, style.diameterSymbol, { wrapStacks });
  const text = encodeDxfText(dimension.text.lines, style.diameterSymbol, {
    wrapStacks,
    measured: true,
  });
  return text === '<>' ? choose(style.variant, 13, ['', '<>']) : text;
}

const at = (p: Point): vec3_t => point3d(p.x, p.y, 0);

/** A SOLID (filled triangle or quadrilateral), which the library does not have. */
class Solid extends Line {
  private readonly corners: vec3_t[];

  constructor(corners: Point[], options?: CommonEntityOptions) {
    super(at(corners[0]!), at(corners[1]!), options);
    this.type = 'SOLID';
    this.subclassMarker = 'AcDbTrace';
    // A triangle repeats its third corner as the fourth.
    this.corners = [0, 1, 2, 3].map((i) => at(corners[Math.min(i, corners.length - 1)]!));
  }

  protected override dxfyChild(dx: Dxfier): void {
    this.corners.forEach((corner, i) => dx.point3d(corner, i));
  }
}

/** The ACAD DSTYLE override of DIMLFAC (group 144) as AutoCAD and ezdxf write it. */
class LengthFactorOverride extends ExtendedData {
  constructor(private readonly factor: number) {
    super('ACAD');
  }

  override dxfy(dx: Dxfier): void {
    dx.push(1001, 'ACAD');
    dx.push(1000, 'DSTYLE');
    dx.push(1002, '{');
    dx.push(1070, 144);
    dx.push(1040, this.factor);
    dx.push(1002, '}');
  }
}

/** Bit 32 of group 70: the block is referenced by this dimension only (as AutoCAD writes it). */
const REFERENCED_BY_THIS = 32;

class RotatedDimension extends LinearDimension {
  constructor(first: vec3_t, second: vec3_t, options: LinearDimOptions) {
    super(first, second, options);
    this.dimensionType = REFERENCED_BY_THIS;
  }
}
class DiametricDimension extends DiameterDimension {
  constructor(first: vec3_t, second: vec3_t, options: DimensionOptions) {
    super(first, second, options);
    this.dimensionType = 3 | REFERENCED_BY_THIS;
  }
}
class RadiusDimension extends RadialDimension {
  constructor(first: vec3_t, second: vec3_t, options: DimensionOptions) {
    super(first, second, options);
    this.dimensionType = 4 | REFERENCED_BY_THIS;
  }
}

/** Layer and linetype of each line kind. */
const LAYERS: Record<LineKind, { layer: string; lineType?: string }> = {
  visible: { layer: 'OUTLINE' },
  thin: { layer: 'THIN' },
  centre: { layer: 'CENTER', lineType: 'CENTER' },
  hidden: { layer: 'HIDDEN', lineType: 'HIDDEN' },
  dimension: { layer: 'DIM' },
};

/**
 * The sheet as an ASCII DXF (AutoCAD 2007, AC1021).
 *
 * @param sheet - the drawing (sheet.ts buildSheet)
 * @returns the DXF text: $INSUNITS 4 (mm) or 1 (inch), $DIMLFAC when the style writes one, and
 *   every entity in model space
 */
export function sheetToDxf(sheet: Sheet): string {
  const { style } = sheet;
  const inch = style.units === 'inch';
  const writer = new DxfWriter();
  writer.setUnits(inch ? Units.Inches : Units.Millimeters);
  writer.setVariable('$MEASUREMENT', { 70: inch ? 0 : 1 });
  writer.setVariable('$DIMDEC', { 70: sheet.dimensionStyle.decimals });
  writer.setVariable('$DIMSTYLE', { 2: sheet.dimensionStyle.name });
  if (sheet.headerLengthFactor !== undefined)
    writer.setVariable('$DIMLFAC', { 40: sheet.headerLengthFactor });
  const k = inch ? 1 / 25.4 : 1;
  writer.addLType('CENTER', 'Center ____ _ ____ _', [12 * k, -3 * k, 2 * k, -3 * k]);
  writer.addLType('HIDDEN', 'Hidden __ __ __', [4 * k, -2 * k]);
  writer.addLayer('OUTLINE', 7, 'Continuous');
  writer.addLayer('THIN', 7, 'Continuous');
  writer.addLayer('CENTER', 1, 'CENTER');
  writer.addLayer('HIDDEN', 2, 'HIDDEN');
  writer.addLayer('DIM', 3, 'Continuous');
  writer.addLayer('TEXT', 7, 'Continuous');
  writer.addLayer('HATCH', 8, 'Continuous');
  writer.addLayer('DEFPOINTS', 7, 'Continuous');
  const dimStyle = writer.addDimStyle(sheet.dimensionStyle.name);
  dimStyle.DIMTXT = sheet.dimensionStyle.textHeight;
  dimStyle.DIMASZ = sheet.dimensionStyle.arrowSize;
  dimStyle.DIMDEC = sheet.dimensionStyle.decimals;
  dimStyle.DIMLFAC = sheet.dimensionStyle.lengthFactor;
  dimStyle.DIMSCALE = 1;
  dimStyle.DIMZIN = 8;

  const model = writer.modelSpace;
  for (const curve of sheet.curves) {
    const { layer, lineType } = LAYERS[curve.line];
    const options: CommonEntityOptions = { layerName: layer, ...(lineType ? { lineType } : {}) };
    switch (curve.kind) {
      case 'line':
        model.addLine(at(curve.from), at(curve.to), options);
        break;
      case 'circle':
        model.addCircle(at(curve.centre), curve.radius, options);
        break;
      case 'arc':
        model.addArc(at(curve.centre), curve.radius, curve.startDeg, curve.endDeg, options);
        break;
      case 'polyline':
        model.addLWPolyline(
          curve.vertices.map((v) => ({
            point: { x: v.x, y: v.y },
            ...(v.bulge ? { bulge: v.bulge } : {}),
          })),
          { ...options, flags: curve.closed ? LWPolylineFlags.Closed : LWPolylineFlags.None },
        );
    }
  }
  for (const hatch of sheet.hatches) {
    const boundary = new HatchBoundaryPaths();
    boundary.addPolylineBoundary(
      new HatchPolylineBoundary(hatch.boundary.map((p) => vertex(p.x, p.y))),
    );
    // ANSI31 is 45° lines 3.175 drawing units apart.
    model.addHatch(
      boundary,
      pattern({
        name: HatchPredefinedPatterns.ANSI31,
        angle: hatch.angleDeg - 45,
        scale: hatch.spacing / 3.175,
      }),
      { layerName: 'HATCH' },
    );
  }
  const general = sheet.notes.filter((n) => n.general);
  if (style.notesAs === 'oneMtext' && general.length > 0) {
    // One MTEXT of several lines, its top left corner where the first line's capitals end.
    const first = general[0]!.text;
    model.addMText(
      point3d(first.at.x, first.at.y + first.height, 0),
      first.height,
      general.map((n) => encodeDxfText(n.text.lines, style.diameterSymbol)).join('\\P'),
      { layerName: 'TEXT', attachmentPoint: MTextAttachmentPoint.TopLeft },
    );
  }
  for (const note of sheet.notes) {
    const text = encodeDxfText(note.text.lines, style.diameterSymbol);
    const rotation = note.text.rotationDeg ? { rotation: note.text.rotationDeg } : {};
    if (note.general && style.notesAs === 'oneMtext') continue;
    if (note.general && style.notesAs === 'mtext')
      model.addMText(at(note.text.at), note.text.height, text, {
        layerName: 'TEXT',
        attachmentPoint: MTextAttachmentPoint.BottomLeft,
        ...rotation,
      });
    else
      model.addText(at(note.text.at), note.text.height, text, { layerName: 'TEXT', ...rotation });
    if (note.leader) {
      const points = note.leader;
      for (let i = 1; i < points.length; i++)
        model.addLine(at(points[i - 1]!), at(points[i]!), { layerName: 'DIM' });
      const tip = points.at(-1)!;
      const from = points.at(-2)!;
      const length = Math.hypot(tip.x - from.x, tip.y - from.y) || 1;
      const direction = { x: (tip.x - from.x) / length, y: (tip.y - from.y) / length };
      const size = sheet.dimensionStyle.arrowSize;
      const back = { x: tip.x - direction.x * size, y: tip.y - direction.y * size };
      const side = { x: (-direction.y * size) / 6, y: (direction.x * size) / 6 };
      model.addEntity(
        new Solid(
          [
            tip,
            { x: back.x + side.x, y: back.y + side.y },
            { x: back.x - side.x, y: back.y - side.y },
          ],
          { layerName: 'DIM' },
        ),
      );
    }
  }
  if (sheet.frame) writeFrame(writer, sheet);
  sheet.dimensions.forEach((dimension, index) => {
    const name = `*D${index + 1}`;
    const withBlock = style.dimensionText !== 'measuredOnly';
    if (withBlock) {
      // addBlock strips '*' from names (it removes "special characters"); the blocks section's
      // own addBlock keeps them when asked.
      const block = writer.document.blocks.addBlock(name, writer.document.objects, false);
      block.flags = 1;
      fillDimensionBlock(block, dimension, sheet);
    }
    const groupOne = dimensionGroupOne(dimension, sheet);
    const options: DimensionOptions = {
      ...(withBlock ? { blockName: name } : {}),
      middlePoint: at(dimension.text.at),
      styleName: sheet.dimensionStyle.name,
      layerName: 'DIM',
      ActualMeasurement: dimension.measured,
      ...(groupOne !== undefined ? { text: groupOne } : {}),
    };
    const entity =
      dimension.kind === 'linear'
        ? new RotatedDimension(at(dimension.p1), at(dimension.p2), {
            ...options,
            definitionPoint: at(dimension.dimensionLine),
            angle: dimension.angleDeg,
          })
        : dimension.kind === 'diameter'
          ? new DiametricDimension(at(dimension.p1), at(dimension.p2), options)
          : new RadiusDimension(at(dimension.p2), at(dimension.p1), options);
    if (sheet.overrideLengthFactor !== undefined)
      entity.xdatas.push(new LengthFactorOverride(sheet.overrideLengthFactor));
    model.addEntity(entity);
  });
  return writer.stringify();
}

/** A dimension's block: its lines, SOLID arrowheads, MTEXT and definition points. */
function fillDimensionBlock(block: DxfBlock, dimension: SheetDimension, sheet: Sheet): void {
  const { style } = sheet;
  for (const [a, b] of dimension.lines) block.addLine(at(a), at(b), { layerName: '0' });
  for (const arrow of dimension.arrows) block.addEntity(new Solid(arrow, { layerName: '0' }));
  const prefix = choose(style.variant, 14, ['', '\\A1;']);
  const text = encodeDxfText(dimension.text.lines, style.diameterSymbol, {
    wrapStacks: choose(style.variant, 12, [false, true]),
  });
  block.addMText(at(dimension.text.at), dimension.text.height, `${prefix}${text}`, {
    layerName: '0',
    attachmentPoint: MTextAttachmentPoint.MiddleCenter,
    ...(dimension.text.rotationDeg ? { rotation: dimension.text.rotationDeg } : {}),
  });
  for (const p of [dimension.p1, dimension.p2, dimension.dimensionLine])
    block.addPoint(p.x, p.y, 0, { layerName: 'DEFPOINTS' });
}

/**
 * The frame and title block: lines and texts in model space (on layer 0 or FRAME), or a block
 * of them (A3, SHEET or TITLEBLOCK) inserted at the origin, as the style says.
 */
function writeFrame(writer: DxfWriter, sheet: Sheet): void {
  const { style } = sheet;
  const frame = sheet.frame!;
  const inBlock = style.frame === 'block';
  const block = inBlock
    ? writer.addBlock(choose(style.variant, 16, ['A3', 'SHEET', 'TITLEBLOCK']))
    : undefined;
  const target = block ?? writer.modelSpace;
  const layerName = inBlock ? '0' : choose(style.variant, 17, ['0', 'FRAME']);
  if (!inBlock && layerName !== '0') writer.addLayer(layerName, 7, 'Continuous');
  for (const curve of frame.curves)
    if (curve.kind === 'line') target.addLine(at(curve.from), at(curve.to), { layerName });
  for (const note of frame.notes)
    target.addText(
      at(note.text.at),
      note.text.height,
      encodeDxfText(note.text.lines, style.diameterSymbol),
      { layerName },
    );
  if (block) writer.addInsert(block.name, point3d(0, 0, 0), { layerName });
}
