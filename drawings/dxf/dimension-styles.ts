/**
 * The dimension scale ($DIMLFAC, DXF group 144) each DIMENSION shows its measured length at.
 *
 * AutoCAD gives a dimension the settings of its dimension style (the DIMSTYLE table record named
 * by the entity's group 3), overridden per entity by XDATA of the application "ACAD":
 * `1000 DSTYLE, 1002 {, 1070 <group code>, 1040|1070|1000 <value>, …, 1002 }` (AutoCAD DXF
 * Reference, "DIMSTYLE" and "Extended data"; ezdxf writes overrides the same way). The header's
 * $DIMLFAC is only the setting new dimensions would get. dxf-parser 1.1.2 reads neither the
 * DIMSTYLE table nor the group 3 and numeric XDATA of a DIMENSION, so this module adds both: a
 * DIMENSION handler for the parser and a scan of the DIMSTYLE table.
 */
import type { P3 } from './entities.ts';

/** Group code of DIMLFAC in DIMSTYLE records and in DSTYLE overrides. */
const DIMLFAC = 144;

/** A DIMENSION as this handler reads it: dxf-parser's fields plus style name and overrides. */
export interface DimensionEntity {
  type: string;
  handle?: string | number;
  layer?: string;
  lineType?: string;
  visible?: boolean;
  inPaperSpace?: boolean;
  colorIndex?: number;
  block?: string;
  anchorPoint?: P3;
  middleOfText?: P3;
  insertionPoint?: P3;
  linearOrAngularPoint1?: P3;
  linearOrAngularPoint2?: P3;
  diameterOrRadiusPoint?: P3;
  arcPoint?: P3;
  dimensionType?: number;
  attachmentPoint?: number;
  actualMeasurement?: number;
  text?: string;
  angle?: number;
  /** Group 3: the dimension style's name. */
  styleName?: string;
  /** DSTYLE overrides from the entity's ACAD XDATA: group code → value. */
  styleOverrides?: Record<number, number | string>;
}

/** One group code and its value, as dxf-parser's scanner gives it. */
interface IGroup {
  code: number;
  value: number | string | boolean;
}

/** The scanner dxf-parser hands an entity handler (DxfArrayScanner). */
interface Scanner {
  next(): IGroup;
  rewind(groups?: number): void;
  isEOF(): boolean;
}

/** Point fields by the group code of their x (10…16); y and z follow at +10 and +20. */
const POINTS: Record<number, keyof DimensionEntity> = {
  10: 'anchorPoint',
  11: 'middleOfText',
  12: 'insertionPoint',
  13: 'linearOrAngularPoint1',
  14: 'linearOrAngularPoint2',
  15: 'diameterOrRadiusPoint',
  16: 'arcPoint',
};

/**
 * A DIMENSION handler for dxf-parser (`parser.registerEntityHandler(DimensionHandler)`): the
 * fields the built-in one reads (same names), plus the style name (group 3) and the DSTYLE
 * overrides in the entity's XDATA.
 */
export class DimensionHandler {
  readonly ForEntityName = 'DIMENSION';

  parseEntity(scanner: Scanner, current: IGroup): DimensionEntity {
    const entity: DimensionEntity = { type: String(current.value) };
    const points = entity as unknown as Record<string, P3 | undefined>;
    let xdataApp: string | undefined;
    let inStyle = false;
    let overrideCode: number | undefined;
    for (let group = scanner.next(); !scanner.isEOF() && group.code !== 0; group = scanner.next()) {
      const { code, value } = group;
      if (code >= 1000) {
        // Extended data: only ACAD's DSTYLE { code, value … } list matters here.
        if (code === 1001) {
          xdataApp = String(value);
          inStyle = false;
        } else if (xdataApp === 'ACAD' && code === 1000 && value === 'DSTYLE') inStyle = true;
        else if (inStyle && code === 1002 && value === '}') inStyle = false;
        else if (inStyle && code === 1070 && overrideCode === undefined)
          overrideCode = Number(value);
        else if (inStyle && overrideCode !== undefined && code !== 1002) {
          (entity.styleOverrides ??= {})[overrideCode] =
            typeof value === 'number' || typeof value === 'string' ? value : String(value);
          overrideCode = undefined;
        }
        continue;
      }
      const point = POINTS[code - (code >= 30 ? 20 : code >= 20 ? 10 : 0)];
      if (code >= 10 && code <= 36 && code % 10 <= 6 && point) {
        const target = (points[point] ??= { x: 0, y: 0 });
        const number = Number(value);
        if (code < 20) target.x = number;
        else if (code < 30) target.y = number;
        else target.z = number;
        continue;
      }
      switch (code) {
        case 1:
          entity.text = String(value);
          break;
        case 2:
          entity.block = String(value);
          break;
        case 3:
          entity.styleName = String(value);
          break;
        case 5:
          entity.handle = String(value);
          break;
        case 6:
          entity.lineType = String(value);
          break;
        case 8:
          entity.layer = String(value);
          break;
        case 42:
          entity.actualMeasurement = Number(value);
          break;
        case 50:
          entity.angle = Number(value);
          break;
        case 60:
          entity.visible = value === 0;
          break;
        case 62:
          entity.colorIndex = Number(value);
          break;
        case 67:
          entity.inPaperSpace = value !== 0;
          break;
        case 70:
          entity.dimensionType = Number(value);
          break;
        case 71:
          entity.attachmentPoint = Number(value);
          break;
        case 101:
          // An embedded object: skip to the next entity.
          for (group = scanner.next(); !scanner.isEOF() && group.code !== 0;)
            group = scanner.next();
          scanner.rewind();
          break;
        default:
          break;
      }
    }
    return entity;
  }
}

/**
 * DIMLFAC of each dimension style in the DXF's DIMSTYLE table, by style name (upper case, as
 * AutoCAD compares names). Styles without group 144 are left out (AutoCAD's default is 1).
 *
 * @param content - the DXF file as text (ASCII DXF)
 * @returns style name (upper case) → DIMLFAC; empty when the file has no DIMSTYLE table
 */
export function dimensionScalesOfStyles(content: string): Map<string, number> {
  const scales = new Map<string, number>();
  const start = content.search(/\r?\n\s*2\s*\r?\n\s*DIMSTYLE\s*\r?\n/);
  if (start === -1) return scales;
  const end = content.indexOf('ENDTAB', start);
  const lines = content.slice(start, end === -1 ? undefined : end).split(/\r\n|\r|\n/);
  // Pairs start at the first line that is the group code 2 before DIMSTYLE.
  let name: string | undefined;
  let inRecord = false;
  for (let i = 1; i + 1 < lines.length; i += 2) {
    const code = lines[i]!.trim();
    const value = lines[i + 1]!.trim();
    if (code === '0') {
      inRecord = value === 'DIMSTYLE';
      name = undefined;
    } else if (inRecord && code === '2') name = value.toUpperCase();
    else if (inRecord && code === String(DIMLFAC) && name !== undefined) {
      const factor = Number(value);
      if (Number.isFinite(factor)) scales.set(name, factor);
    }
  }
  return scales;
}

/**
 * The DIMLFAC a dimension shows its measurement at: its own override, else its style's, else
 * `fallback` (the header's, for files without a DIMSTYLE table), else 1.
 */
export function dimensionScaleOf(
  dimension: DimensionEntity,
  styles: Map<string, number>,
  fallback: number | undefined,
): number {
  const override = dimension.styleOverrides?.[DIMLFAC];
  if (typeof override === 'number' && override > 0) return override;
  const style = styles.get((dimension.styleName ?? 'STANDARD').toUpperCase());
  if (style !== undefined && style > 0) return style;
  if (styles.size > 0) return 1;
  return fallback !== undefined && fallback > 0 ? fallback : 1;
}
