/**
 * The closed contours inside a plate's outline in its top view (describe/prismatic.ts), nested:
 * those inside no other are cut-outs or pockets; one inside a pocket is that pocket's island (the
 * CAM core, cam/prismatic/part.ts, makes a pocket labelled 'Island …' lying inside another pocket
 * that pocket's island), unless the drawing marks it through (a cut-out in the pocket's floor) or
 * it is a circle with a hole callout (a hole). What the reader cannot place is never dropped: it
 * goes to `unresolved` with a sentence naming it and where it is, and to the plate's sizes as a
 * size the top view does not hold, so that no program is called verified over it
 * (docs/decisions/050-title-block-and-other-views.md, Islands).
 */
import { formatMm, parseDiameterCallout, parseThreadCallout } from '#cam/callouts';
import { distanceToBoundary, type Point2, type Polygon } from '#cam/geometry/polygon';
import type { PrismaticDescription } from '#contracts/blueprint';
import { insidePolygon } from '../geometry/outline.ts';
import { heightOf, widthOf, type Box, type Loop } from '../geometry/shapes.ts';
import type { DimensionNote, TextNote } from './content.ts';

/** A closed contour of the top view and its polygon, mm. */
export interface Contour {
  loop: Loop;
  polygon: Polygon;
}

/** A contour or circle inside one of the outer contours (`owner`: its index there). */
export interface InnerContour extends Contour {
  owner: number;
  /** Set for a circle: its diameter, mm. */
  circleDiameterMm?: number;
}

/** The top view's contours inside the outline, nested one level deep. */
export interface NestedContours {
  /** Inside the outline and inside no other contour: cut-outs or pockets, largest first. */
  outer: Contour[];
  /** Directly inside one of `outer`: islands, holes or cut-outs in a pocket's floor. */
  inner: InnerContour[];
  /** Contours the reader sees but cannot place: what each is and where (see strayWords). */
  stray: { box: Box; what: string }[];
}

const r2 = (mm: number) => Math.round(mm * 100) / 100;
const sizeOf = (box: Box) => `${formatMm(r2(widthOf(box)))} × ${formatMm(r2(heightOf(box)))} mm`;

/**
 * Where a box lies, in the words the overview uses: its centre from the outline's lower-left
 * corner (the program's X0 Y0).
 */
export function placeWords(box: Box, origin: Point2): string {
  const x = (box.minX + box.maxX) / 2 - origin.x;
  const y = (box.minY + box.maxY) / 2 - origin.y;
  return `centred at X${formatMm(r2(x))} Y${formatMm(r2(y))} from the outline's lower-left corner`;
}

/**
 * The closed contours (not circles, not slots) and the circles inside the outline, nested.
 *
 * @param contours - the view's closed contours other than circles and slots, largest first, mm
 * @param circles - the view's circles (centre and diameter, mm); those inside no contour (holes in
 *   the material) are left out
 * @param outline - the part's outline, mm
 * @param polygonOf - the contour's polygon, undefined when its chain does not close
 * @param skip - whether a contour is the outline itself (or a copy of it)
 * @param edgeGap - how far a point may lie off an edge and still be on it, mm
 * @returns the outer contours (cut-outs, pockets), those directly inside one of them, and those
 *   the reader cannot place (nested deeper, crossing a pocket's edge, a chain that does not close)
 */
export function nestContours(
  contours: Loop[],
  circles: { center: Point2; diameterMm: number; loop: Loop }[],
  outline: Polygon,
  polygonOf: (loop: Loop) => Polygon | undefined,
  skip: (loop: Loop) => boolean,
  edgeGap: number,
): NestedContours {
  const within = (p: Point2, polygon: Polygon) =>
    insidePolygon(p, polygon) || distanceToBoundary(p, polygon) <= edgeGap;
  const strictlyIn = (p: Point2, polygon: Polygon) =>
    insidePolygon(p, polygon) && distanceToBoundary(p, polygon) > edgeGap;
  const nested: NestedContours = { outer: [], inner: [], stray: [] };
  const place = (contour: Contour, circleDiameterMm?: number) => {
    const { loop, polygon } = contour;
    const owner = nested.outer.findIndex((c) => polygon.some((p) => strictlyIn(p, c.polygon)));
    const what =
      circleDiameterMm === undefined
        ? `a closed contour ${sizeOf(loop.box)}`
        : `a circle Ø${formatMm(r2(circleDiameterMm))}`;
    if (owner < 0) return false;
    const host = nested.outer[owner]!;
    if (!polygon.every((p) => within(p, host.polygon))) {
      nested.stray.push({ box: loop.box, what: `${what} across the edge of a pocket or cut-out` });
      return true;
    }
    const deeper = nested.inner.find((c) => polygon.some((p) => strictlyIn(p, c.polygon)));
    if (deeper) {
      nested.stray.push({
        box: loop.box,
        what: `${what} inside the contour ${sizeOf(deeper.loop.box)}`,
      });
      return true;
    }
    nested.inner.push({
      ...contour,
      owner,
      ...(circleDiameterMm !== undefined ? { circleDiameterMm } : {}),
    });
    return true;
  };
  for (const loop of contours) {
    if (skip(loop)) continue;
    const polygon = polygonOf(loop);
    const corners = [
      { x: loop.box.minX, y: loop.box.minY },
      { x: loop.box.maxX, y: loop.box.maxY },
    ];
    if (!polygon) {
      if (corners.every((p) => within(p, outline)))
        nested.stray.push({
          box: loop.box,
          what: `a contour ${sizeOf(loop.box)} whose chain does not close`,
        });
      continue;
    }
    if (!polygon.every((p) => within(p, outline))) continue;
    if (place({ loop, polygon })) continue;
    nested.outer.push({ loop, polygon });
  }
  for (const circle of circles) {
    const polygon = polygonOf(circle.loop);
    if (!polygon || !strictlyIn(circle.center, outline)) continue;
    place({ loop: circle.loop, polygon }, circle.diameterMm);
  }
  return nested;
}

/** A note that marks a contour through: 'THRU', 'THROUGH', 'durch', 'DURCHGEHEND'. */
const THROUGH_NOTE = /\b(?:THRU|THROUGH|durch(?:gehend)?)\b/i;

/** Whether a note inside the box marks it through. */
function markedThrough(box: Box, notes: TextNote[]): boolean {
  return notes.some(
    (n) =>
      n.at.x > box.minX &&
      n.at.x < box.maxX &&
      n.at.y > box.minY &&
      n.at.y < box.maxY &&
      THROUGH_NOTE.test(n.text),
  );
}

/**
 * Whether the drawing calls out a hole of this size: a diameter dimension across the circle, or
 * a note writing its diameter or a thread whose tap drill or size it is.
 */
function hasHoleCallout(
  circle: { center: Point2; diameterMm: number },
  notes: TextNote[],
  dimensions: { note: DimensionNote; text: string }[],
  units: 'mm' | 'inch',
): boolean {
  const d = circle.diameterMm;
  const dimensioned = dimensions.some(({ note }) => {
    if (note.kind !== 'diameter') return false;
    const mid = { x: (note.p1.x + note.p2.x) / 2, y: (note.p1.y + note.p2.y) / 2 };
    const size = Math.hypot(note.p1.x - note.p2.x, note.p1.y - note.p2.y);
    return (
      Math.hypot(mid.x - circle.center.x, mid.y - circle.center.y) <= 0.05 &&
      Math.abs(size - d) <= 0.05
    );
  });
  if (dimensioned) return true;
  return notes.some((note) => {
    const text = note.text.replace(/\s+/g, ' ');
    const thread = parseThreadCallout(text);
    if (
      thread &&
      (Math.abs(thread.majorDiameterMm - thread.pitchMm - d) <= 0.3 ||
        Math.abs(thread.majorDiameterMm - d) <= 0.1)
    )
      return true;
    const written = parseDiameterCallout(text, units);
    return written !== undefined && Math.abs(written.nominalMm - d) <= 0.05;
  });
}

/** What the inner contours become: pockets (islands, cut-outs in a floor), holes, questions. */
export interface PlacedContours {
  /** Islands (labelled 'Island …') and cut-outs in a pocket's floor, for `prismatic.pockets`. */
  pockets: PrismaticDescription['pockets'];
  /** Circles with a hole callout inside a pocket or an island: holes (through). */
  holes: { center: Point2; diameterMm: number }[];
  /** Sentences for `unresolved`, one per contour the reader cannot place. */
  unresolved: string[];
  /** The same contours as sizes the top view does not hold (`measures: 'other'`). */
  unheld: NonNullable<PrismaticDescription['sizes']>;
}

/**
 * The inner contours placed once the outer ones are read as pockets (with a depth) or cut-outs
 * (through): inside a pocket, a contour the drawing marks through is a cut-out in its floor, a
 * circle with a hole callout is a hole, anything else is the pocket's island (as tall as the
 * pocket is deep). Inside a through cut-out nothing can stand: such a contour, and the stray
 * ones, go to `unresolved` and `unheld`.
 *
 * @param nested - the nested contours (nestContours)
 * @param outerPockets - the outer contours as described, in the order of `nested.outer`
 * @param origin - the outline's lower-left corner, mm (positions are given from it)
 * @param extras - the drawing's notes outside the title block, its dimensions, its units
 */
export function placeInnerContours(
  nested: NestedContours,
  outerPockets: PrismaticDescription['pockets'],
  origin: Point2,
  extras: {
    notes: TextNote[];
    dimensions: { note: DimensionNote; text: string }[];
    units: 'mm' | 'inch';
  },
): PlacedContours {
  const placed: PlacedContours = { pockets: [], holes: [], unresolved: [], unheld: [] };
  const r4 = (mm: number) => Math.round(mm * 10000) / 10000;
  const unplaced = (box: Box, what: string, why: string) => {
    const where = placeWords(box, origin);
    placed.unresolved.push(
      `The top view holds ${what}, ${where}, that the reader cannot place${why}: it is not programmed. Check it on the drawing, or give the feature with 'Change'.`,
    );
    placed.unheld.push({
      dimension: `${what} (${where})`,
      mm: r4(Math.max(widthOf(box), heightOf(box))),
      measures: 'other',
    });
  };
  for (const { box, what } of nested.stray) unplaced(box, what, '');
  for (const inner of nested.inner) {
    const host = outerPockets[inner.owner]!;
    const box = inner.loop.box;
    const center = { x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2 };
    const outline = inner.polygon.map((p) => ({ x: r4(p.x), y: r4(p.y) }));
    const size =
      inner.circleDiameterMm === undefined
        ? sizeOf(box)
        : `Ø${formatMm(r2(inner.circleDiameterMm))}`;
    // Only a pocket's floor can hold anything: inside a through cut-out nothing stands.
    const blind = host.depthMm !== undefined && host.through !== true;
    const circleHole =
      blind &&
      inner.circleDiameterMm !== undefined &&
      hasHoleCallout(
        { center, diameterMm: inner.circleDiameterMm },
        extras.notes,
        extras.dimensions,
        extras.units,
      );
    if (circleHole) placed.holes.push({ center, diameterMm: inner.circleDiameterMm! });
    else if (blind && markedThrough(box, extras.notes))
      placed.pockets.push({ label: `Cut-out ${size} in ${host.label}`, outline, through: true });
    else if (blind)
      placed.pockets.push({
        label: `Island ${size} in ${host.label}`,
        outline,
        depthMm: host.depthMm,
      });
    else {
      const what =
        inner.circleDiameterMm === undefined ? `a closed contour ${size}` : `a circle ${size}`;
      unplaced(
        box,
        what,
        ` inside ${host.label} (a cut-out through the plate, where nothing can stand; or a pocket whose depth is not read)`,
      );
    }
  }
  return placed;
}
