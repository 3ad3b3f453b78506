/**
 * Flattens a parsed DXF into drawing primitives in millimetres: lines and arcs of the part,
 * centre lines, hidden lines, text notes and dimensions, with INSERTed blocks placed (position,
 * scale, rotation, arrays) and title blocks, frames and annotation layers set aside.
 */
import type { IDxf, IEntity } from 'dxf-parser';
import { decodeDxfText } from '#cam/callouts';
import {
  apply,
  identity,
  multiply,
  rotate,
  scale,
  transformPrimitive,
  translate,
  type Matrix,
  type Point,
  type Primitive,
} from '../geometry/primitives.ts';
import type { DimensionKind, DimensionNote, DrawingContent } from '../describe/content.ts';
import { entityPrimitives, mirrorX, type AnyEntity, type P3 } from './entities.ts';
import type { DimensionEntity } from './dimension-styles.ts';

/** Layers of annotation, frames and title blocks: their lines are not the part. */
const ANNOTATION_LAYER =
  /border|frame|rahmen|title|infobox|schriftfeld|hatch|schraff|dim|bema|text|defpoint|papersize|viewport|revision|balloon|datum|symbol/i;
const CENTRE_LAYER = /cent(?:er|re)|mitte|axis|achse/i;
const HIDDEN_LAYER = /hidden|verdeckt|unsichtbar/i;
const CENTRE_LINETYPE = /cent(?:er|re)|dashdot|chain|phantom|mitte/i;
const HIDDEN_LINETYPE = /hidden|dashed|verdeckt/i;
const TITLE_BLOCK_NAME = /title|frame|border|rahmen|schriftfeld|iso ?7200|^a[0-4](?:[_-]|$)/i;
/** A block holding at least this many texts is a title block or a table, not part geometry. */
const TITLE_BLOCK_TEXTS = 5;

type Role = 'part' | 'centre' | 'hidden' | 'annotation';

function roleOf(entity: IEntity, layer: string): Role {
  const lineType = entity.lineType ?? '';
  if (CENTRE_LAYER.test(layer) || CENTRE_LINETYPE.test(lineType)) return 'centre';
  if (HIDDEN_LAYER.test(layer) || HIDDEN_LINETYPE.test(lineType)) return 'hidden';
  if (ANNOTATION_LAYER.test(layer)) return 'annotation';
  return 'part';
}

const DIMENSION_KINDS: Record<number, DimensionKind> = {
  0: 'linear',
  1: 'aligned',
  2: 'angular',
  3: 'diameter',
  4: 'radius',
  5: 'angular',
  6: 'ordinate',
};

/* The parser's entity shapes, as far as this reader uses them. */
/** Entities whose coordinates are in the object coordinate system (OCS) of their extrusion. */
const OCS_ENTITIES = new Set(['ARC', 'CIRCLE', 'LWPOLYLINE', 'POLYLINE', 'INSERT', 'TEXT']);

function ocsMatrix(entity: AnyEntity): Matrix {
  if (!OCS_ENTITIES.has(entity.type)) return identity;
  const z = entity.extrusionDirectionZ ?? entity.extrusionDirection?.z ?? 1;
  return z < 0 ? mirrorX : identity;
}

function point(p: P3 | undefined): Point | undefined {
  return p ? { x: p.x, y: p.y } : undefined;
}

/**
 * Everything the reader needs from a parsed DXF, in mm.
 *
 * @param dxf - the parser's output
 * @param mmPerUnit - millimetres per drawing unit ($INSUNITS and the drawing's dimension scale)
 * @param measureFactorOf - the factor a DIMENSION shows its measurement at, relative to the
 *   geometry's (its DIMLFAC over the drawing's; 1 for most drawings)
 * @returns part geometry, centre and hidden lines, text notes (title block texts marked) and
 *   dimensions; entities in paper space, invisible entities and hatches are left out
 */
export function collectDrawing(
  dxf: IDxf,
  mmPerUnit: number,
  measureFactorOf: (dimension: DimensionEntity) => number = () => 1,
): DrawingContent {
  const content: DrawingContent = {
    primitives: [],
    centreLines: [],
    hidden: [],
    notes: [],
    dimensions: [],
    unreadable: 0,
  };
  const blocks = dxf.blocks ?? {};
  const textCount = (name: string) =>
    (blocks[name]?.entities ?? []).filter((e) => e.type === 'TEXT' || e.type === 'MTEXT').length;

  const walk = (
    entities: IEntity[],
    m: Matrix,
    parentLayer: string | undefined,
    depth: number,
    inTitleBlock: boolean,
  ) => {
    for (const raw of entities) {
      const entity = raw as AnyEntity;
      if (entity.inPaperSpace || entity.visible === false) continue;
      const layer = entity.layer === '0' && parentLayer ? parentLayer : (entity.layer ?? '0');
      const local = multiply(m, ocsMatrix(entity));
      switch (entity.type) {
        case 'INSERT': {
          const block = entity.name ? blocks[entity.name] : undefined;
          if (!block || depth > 16) break;
          const title =
            inTitleBlock ||
            TITLE_BLOCK_NAME.test(entity.name ?? '') ||
            ANNOTATION_LAYER.test(layer) ||
            textCount(entity.name ?? '') >= TITLE_BLOCK_TEXTS;
          const base = block.position ?? { x: 0, y: 0 };
          const position = entity.position ?? { x: 0, y: 0, z: 0 };
          for (let column = 0; column < Math.max(1, entity.columnCount ?? 1); column++) {
            for (let row = 0; row < Math.max(1, entity.rowCount ?? 1); row++) {
              const placed = [
                translate(position.x, position.y),
                rotate(((entity.rotation ?? 0) * Math.PI) / 180),
                translate(column * (entity.columnSpacing ?? 0), row * (entity.rowSpacing ?? 0)),
                scale(entity.xScale ?? 1, entity.yScale ?? 1),
                translate(-base.x, -base.y),
              ].reduce(multiply);
              walk(block.entities ?? [], multiply(local, placed), layer, depth + 1, title);
            }
          }
          break;
        }
        case 'TEXT':
        case 'MTEXT': {
          const at = point(entity.type === 'TEXT' ? entity.startPoint : entity.position);
          const text = decodeDxfText(entity.text ?? '').trim();
          if (!text || !at) break;
          content.notes.push({
            text,
            at: apply(local, at),
            layer,
            inTitleBlock: inTitleBlock || /title|infobox|schriftfeld|border|frame/i.test(layer),
            ...(entity.handle ? { handle: String(entity.handle) } : {}),
          });
          break;
        }
        case 'DIMENSION': {
          if (inTitleBlock) break;
          const dimension = readDimension(entity, local, blocks, measureFactorOf(entity));
          if (dimension && finite(dimension.p1) && finite(dimension.p2)) {
            content.dimensions.push(dimension);
          } else if (dimension) {
            content.unreadable++;
          }
          break;
        }
        default: {
          if (inTitleBlock) break;
          const role = roleOf(entity, layer);
          if (role === 'annotation') break;
          const target =
            role === 'centre'
              ? content.centreLines
              : role === 'hidden'
                ? content.hidden
                : content.primitives;
          for (const primitive of entityPrimitives(entity, layer)) {
            const placed = transformPrimitive(primitive, local);
            if (placed.every(isFinitePrimitive)) target.push(...placed);
            else content.unreadable++;
          }
        }
      }
    }
  };

  walk(dxf.entities ?? [], scale(mmPerUnit, mmPerUnit), undefined, 0, false);
  return content;
}

function finite(p: Point): boolean {
  return Number.isFinite(p.x) && Number.isFinite(p.y);
}

function isFinitePrimitive(primitive: Primitive): boolean {
  return primitive.kind === 'line'
    ? finite(primitive.a) && finite(primitive.b)
    : finite(primitive.center) &&
        [primitive.radius, primitive.startRad, primitive.endRad].every(Number.isFinite);
}

function readDimension(
  entity: AnyEntity,
  m: Matrix,
  blocks: IDxf['blocks'],
  measureFactor: number,
): DimensionNote | undefined {
  const kind = DIMENSION_KINDS[(entity.dimensionType ?? 0) & 7];
  if (!kind) return undefined;
  const round = kind === 'diameter' || kind === 'radius';
  const p1 = point(round ? entity.anchorPoint : entity.linearOrAngularPoint1);
  const p2 = point(round ? entity.diameterOrRadiusPoint : entity.linearOrAngularPoint2);
  if (!p1 || !p2) return undefined;
  const block = entity.block ? blocks?.[entity.block] : undefined;
  const displayed = (block?.entities ?? [])
    .filter((e) => e.type === 'MTEXT' || e.type === 'TEXT')
    .map((e) => decodeDxfText((e as AnyEntity).text ?? '').trim())
    .filter(Boolean)
    .join(' ');
  // The direction of a rotated dimension turns with the block transform.
  const angle = ((entity.angle ?? 0) * Math.PI) / 180;
  const origin = apply(m, { x: 0, y: 0 });
  const towards = apply(m, { x: Math.cos(angle), y: Math.sin(angle) });
  const textAt = point(entity.middleOfText);
  return {
    kind,
    p1: apply(m, p1),
    p2: apply(m, p2),
    angleRad: Math.atan2(towards.y - origin.y, towards.x - origin.x),
    written: decodeDxfText(entity.text ?? '').trim(),
    ...(displayed ? { displayed } : {}),
    ...(textAt ? { textAt: apply(m, textAt) } : {}),
    ...(Math.abs(measureFactor - 1) > 1e-9 && measureFactor > 0 ? { measureFactor } : {}),
    ...(entity.handle ? { handle: String(entity.handle) } : {}),
  };
}
