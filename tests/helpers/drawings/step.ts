/**
 * Over 500 lines because the turned and the plate models share one writer (StepData) and its
 * topology rules, kept together so that each model's faces follow them the same way.
 *
 * Generated parts as STEP models: an ISO 10303-21 exchange structure (clear text encoding) of
 * the AP214 schema (AUTOMOTIVE_DESIGN) holding one exact B-rep, a MANIFOLD_SOLID_BREP whose
 * CLOSED_SHELL is made of ADVANCED_FACEs on PLANE, CYLINDRICAL_SURFACE and CONICAL_SURFACE
 * surfaces, bounded by EDGE_LOOPs of EDGE_CURVEs on LINE and CIRCLE curves (ISO 10303-42,
 * geometric and topological representation), lengths in mm (SI_UNIT(.MILLI.,.METRE.) in a
 * GLOBAL_UNIT_ASSIGNED_CONTEXT), angles in radians.
 *
 * A turned part is its axial profile (turned-profile.ts, as the sheets draw it) revolved about
 * Z: each profile point off the axis is a full circle edge, each profile segment a face (a plane
 * across the axis, a cylinder or a cone) bounded by its two circles and, on a cylinder or cone,
 * the seam line at angle 0 used twice. Threads are plain cylinders at the major diameter and
 * tolerances are nominal, as STEP exporters write them. A plate is extruded along Z: its outline,
 * through openings, blind holes, counterbores and pockets (with an island) are loops of lines
 * and arcs in the top view whose walls are planes and cylinders between two caps.
 *
 * Orientation (ISO 10303-42 face_bound): every loop runs counter-clockwise seen from outside the
 * material, so each face's topological normal points out of the solid; `same_sense` says
 * whether the surface normal agrees with it. Each edge is used twice, once each way.
 */
import { mmPerUnit, type GeneratedPart, type PlatePart, type TurnedPart } from './part-model.ts';
import { innerPaths, outerPath, type ProfilePoint } from './turned-profile.ts';

type Vec = [number, number, number];
type Point = { x: number; y: number };

/** A STEP real: always with a decimal point ('1.', '-0.25'), tiny values as 0. */
export function real(value: number): string {
  if (Math.abs(value) < 1e-9) return '0.';
  const text = String(Number(value.toFixed(9)));
  return text.includes('.') ? text : `${text}.`;
}

const ref = (id: number) => `#${id}`;
const list = (ids: number[]) => `(${ids.map(ref).join(',')})`;
const flag = (value: boolean) => (value ? '.T.' : '.F.');
const Z: Vec = [0, 0, 1];
const X: Vec = [1, 0, 0];

/** The DATA section being written: one method per entity kind, instances numbered in order. */
class StepData {
  readonly lines: string[] = [];
  private readonly known = new Map<string, number>();

  /** Writes `#n=ENTITY;` and returns n; identical geometry instances are written once. */
  add(entity: string, shared = false): number {
    const seen = shared ? this.known.get(entity) : undefined;
    if (seen !== undefined) return seen;
    this.lines.push(`#${this.lines.length + 1}=${entity};`);
    if (shared) this.known.set(entity, this.lines.length);
    return this.lines.length;
  }

  point(p: Vec): number {
    return this.add(`CARTESIAN_POINT('',(${p.map(real).join(',')}))`, true);
  }
  direction(d: Vec): number {
    return this.add(`DIRECTION('',(${d.map(real).join(',')}))`, true);
  }
  placement(origin: Vec, axis: Vec = Z, refDirection: Vec = X): number {
    const [p, a, r] = [this.point(origin), this.direction(axis), this.direction(refDirection)];
    return this.add(`AXIS2_PLACEMENT_3D('',${ref(p)},${ref(a)},${ref(r)})`, true);
  }
  line(from: Vec, to: Vec): number {
    const d: Vec = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
    const length = Math.hypot(...d);
    const vector = this.add(
      `VECTOR('',${ref(this.direction(d.map((v) => v / length) as Vec))},${real(length)})`,
    );
    return this.add(`LINE('',${ref(this.point(from))},${ref(vector)})`);
  }
  /** A circle about Z: centre, radius. */
  circle(centre: Vec, radius: number): number {
    return this.add(`CIRCLE('',${ref(this.placement(centre))},${real(radius)})`, true);
  }
  plane(origin: Vec, normal: Vec = Z, refDirection: Vec = X): number {
    return this.add(`PLANE('',${ref(this.placement(origin, normal, refDirection))})`, true);
  }
  cylinder(origin: Vec, radius: number): number {
    return this.add(`CYLINDRICAL_SURFACE('',${ref(this.placement(origin))},${real(radius)})`, true);
  }
  /** A cone whose radius grows along `axis`: radius at `origin`, semi-angle in radians. */
  cone(origin: Vec, axis: Vec, radius: number, semiAngle: number): number {
    const placement = this.placement(origin, axis);
    return this.add(`CONICAL_SURFACE('',${ref(placement)},${real(radius)},${real(semiAngle)})`);
  }
  vertex(p: Vec): number {
    return this.add(`VERTEX_POINT('',${ref(this.point(p))})`, true);
  }
  edge(from: number, to: number, curve: number, sameSense = true): number {
    return this.add(`EDGE_CURVE('',${ref(from)},${ref(to)},${ref(curve)},${flag(sameSense)})`);
  }
  orientedEdge({ edge, forward }: Use): number {
    return this.add(`ORIENTED_EDGE('',*,*,${ref(edge)},${flag(forward)})`);
  }
  loop(uses: Use[]): number {
    return this.add(`EDGE_LOOP('',${list(uses.map((use) => this.orientedEdge(use)))})`);
  }
  bound(uses: Use[], outer: boolean): number {
    const kind = outer ? 'FACE_OUTER_BOUND' : 'FACE_BOUND';
    return this.add(`${kind}('',${ref(this.loop(uses))},.T.)`);
  }
  /** A face: its loops (the first the outer one), its surface and whether their normals agree. */
  face(loops: Use[][], surface: number, sameSense: boolean): number {
    const bounds = loops.map((uses, i) => this.bound(uses, i === 0));
    return this.add(`ADVANCED_FACE('',${list(bounds)},${ref(surface)},${flag(sameSense)})`);
  }
  solid(name: string, faces: number[]): number {
    const shell = this.add(`CLOSED_SHELL('',${list(faces)})`);
    return this.add(`MANIFOLD_SOLID_BREP('${name}',${ref(shell)})`);
  }
}

/** An edge as a loop uses it: along its curve's sense or against it. */
type Use = { edge: number; forward: boolean };
const along = (edge: number): Use => ({ edge, forward: true });
const against = (edge: number): Use => ({ edge, forward: false });
/** The same loop run the other way. */
const reversed = (uses: Use[]): Use[] =>
  [...uses].reverse().map(({ edge, forward }) => ({ edge, forward: !forward }));

/**
 * The product structure, units and representation context around one solid (AP214: product,
 * its definition and shape, an ADVANCED_BREP_SHAPE_REPRESENTATION in a context with mm,
 * radians and a distance uncertainty), and the material as a MATERIAL_DESIGNATION.
 */
function writeProduct(data: StepData, name: string, material: string, brep: number): void {
  const application = data.add(
    "APPLICATION_CONTEXT('core data for automotive mechanical design processes')",
  );
  data.add(
    `APPLICATION_PROTOCOL_DEFINITION('international standard','automotive_design',2000,${ref(application)})`,
  );
  const productContext = data.add(`PRODUCT_CONTEXT('',${ref(application)},'mechanical')`);
  const product = data.add(`PRODUCT('${name}','${name}','',(${ref(productContext)}))`);
  data.add(`PRODUCT_RELATED_PRODUCT_CATEGORY('part',$,(${ref(product)}))`);
  const formation = data.add(`PRODUCT_DEFINITION_FORMATION('','',${ref(product)})`);
  const definitionContext = data.add(
    `PRODUCT_DEFINITION_CONTEXT('part definition',${ref(application)},'design')`,
  );
  const definition = data.add(
    `PRODUCT_DEFINITION('design','',${ref(formation)},${ref(definitionContext)})`,
  );
  const shape = data.add(`PRODUCT_DEFINITION_SHAPE('','',${ref(definition)})`);
  const mm = data.add('( LENGTH_UNIT() NAMED_UNIT(*) SI_UNIT(.MILLI.,.METRE.) )');
  const radian = data.add('( NAMED_UNIT(*) PLANE_ANGLE_UNIT() SI_UNIT($,.RADIAN.) )');
  const steradian = data.add('( NAMED_UNIT(*) SI_UNIT($,.STERADIAN.) SOLID_ANGLE_UNIT() )');
  const uncertainty = data.add(
    `UNCERTAINTY_MEASURE_WITH_UNIT(LENGTH_MEASURE(1.E-07),${ref(mm)},'distance_accuracy_value','confusion accuracy')`,
  );
  const context = data.add(
    `( GEOMETRIC_REPRESENTATION_CONTEXT(3) GLOBAL_UNCERTAINTY_ASSIGNED_CONTEXT((${ref(uncertainty)})) GLOBAL_UNIT_ASSIGNED_CONTEXT((${ref(mm)},${ref(radian)},${ref(steradian)})) REPRESENTATION_CONTEXT('Context #1','3D Context with UNIT and UNCERTAINTY') )`,
  );
  const representation = data.add(
    `ADVANCED_BREP_SHAPE_REPRESENTATION('${name}',(${ref(data.placement([0, 0, 0]))},${ref(brep)}),${ref(context)})`,
  );
  data.add(`SHAPE_DEFINITION_REPRESENTATION(${ref(shape)},${ref(representation)})`);
  data.add(`MATERIAL_DESIGNATION('${material.replace(/'/g, "''")}',(${ref(definition)}))`);
}

/** The whole file: header and DATA section (ISO 10303-21 clause 8 and 9). */
function exchangeStructure(name: string, data: StepData): string {
  return [
    'ISO-10303-21;',
    'HEADER;',
    "FILE_DESCRIPTION(('generated part for the whole-path tests'),'2;1');",
    `FILE_NAME('${name}.step','2026-11-29T00:00:00',(''),(''),'tests/helpers/drawings/step.ts','','');`,
    "FILE_SCHEMA(('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'));",
    'ENDSEC;',
    'DATA;',
    ...data.lines,
    'ENDSEC;',
    'END-ISO-10303-21;',
    '',
  ].join('\n');
}

// ---- Turned parts: a profile revolved about Z ------------------------------------------------

/** A profile point: z along the axis, r from it, mm. */
export interface ProfileMm {
  z: number;
  r: number;
}

/**
 * The turned part's closed axial profile, mm, counter-clockwise in (z, r): the outer silhouette
 * from the left end, the right end face, the bores (or the axis) back to the left end.
 */
export function turnedProfile(part: TurnedPart): ProfileMm[] {
  const unit = mmPerUnit(part.units);
  const overall = part.steps.reduce((sum, step) => sum + step.length, 0);
  const lower: ProfilePoint[] = [];
  const inner = innerPaths(part);
  if (!(inner[0] && inner[0][0]!.u <= 1e-9)) lower.push({ u: 0, v: 0 });
  for (const path of inner) lower.push(...path);
  if (!(inner.at(-1) && inner.at(-1)!.at(-1)!.u >= overall - 1e-9))
    lower.push({ u: overall, v: 0 });
  const points = [...lower, ...outerPath(part).reverse()].map((p) => ({
    z: p.u * unit,
    r: Math.max(0, p.v * unit),
  }));
  return simplified(points);
}

/** Without repeated points and without points in the middle of a straight run. */
function simplified(points: ProfileMm[]): ProfileMm[] {
  const same = (a: ProfileMm, b: ProfileMm) =>
    Math.abs(a.z - b.z) < 1e-9 && Math.abs(a.r - b.r) < 1e-9;
  let out = points.filter((p, i) => !same(p, points[(i + 1) % points.length]!));
  let changed = true;
  while (changed) {
    changed = false;
    out = out.filter((p, i) => {
      const a = out[(i + out.length - 1) % out.length]!;
      const b = out[(i + 1) % out.length]!;
      const straight = Math.abs((p.z - a.z) * (b.r - a.r) - (p.r - a.r) * (b.z - a.z)) < 1e-9;
      if (straight) changed = true;
      return !straight;
    });
  }
  return out;
}

/** The faces of a profile revolved about Z (counter-clockwise in z, r). */
function revolvedFaces(data: StepData, profile: ProfileMm[]): number[] {
  const on = (p: ProfileMm): Vec => [p.r, 0, p.z];
  const vertices = profile.map((p) => data.vertex(on(p)));
  const circles = profile.map((p, i) =>
    p.r > 1e-9 ? data.edge(vertices[i]!, vertices[i]!, data.circle([0, 0, p.z], p.r)) : undefined,
  );
  const faces: number[] = [];
  profile.forEach((p, i) => {
    const j = (i + 1) % profile.length;
    const q = profile[j]!;
    const [dz, dr] = [q.z - p.z, q.r - p.r];
    const [cp, cq] = [circles[i], circles[j]];
    if (cp === undefined && cq === undefined) return; // along the axis: no face
    if (Math.abs(dz) < 1e-9) {
      // A plane across the axis: an annulus or a disc, its normal along +Z when dr > 0.
      const loops = [
        cq === undefined ? undefined : [along(cq)],
        cp === undefined ? undefined : [against(cp)],
      ].filter((l) => l !== undefined);
      if (q.r < p.r) loops.reverse();
      faces.push(data.face(loops, data.plane([0, 0, p.z]), dr > 0));
      return;
    }
    // Cylinder or cone: seam P→Q at angle 0, circle at Q, seam back, circle at P reversed.
    const seam = data.edge(vertices[i]!, vertices[j]!, data.line(on(p), on(q)));
    const loop = [along(seam), ...(cq ? [along(cq)] : []), against(seam)];
    if (cp) loop.push(against(cp));
    const surface = Math.abs(dr) < 1e-9 ? data.cylinder([0, 0, 0], p.r) : coneThrough(data, p, q);
    faces.push(data.face([loop], surface, dz < 0));
  });
  return faces;
}

/** The cone through two profile points, placed at the wider one and opening towards it. */
function coneThrough(data: StepData, p: ProfileMm, q: ProfileMm): number {
  const wide = p.r > q.r ? p : q;
  const narrow = wide === p ? q : p;
  const axis: Vec = [0, 0, wide.z > narrow.z ? 1 : -1];
  const semiAngle = Math.atan2(wide.r - narrow.r, Math.abs(wide.z - narrow.z));
  return data.cone([0, 0, wide.z], axis, wide.r, semiAngle);
}

/** A turned part as a STEP file, its axis along Z from its left end at the origin. */
export function turnedToStep(part: TurnedPart, name = 'generated turned part'): string {
  const data = new StepData();
  const brep = data.solid(name, revolvedFaces(data, turnedProfile(part)));
  writeProduct(data, name, part.material, brep);
  return exchangeStructure(name, data);
}

// ---- Plates: loops of lines and arcs extruded along Z ----------------------------------------

/** A piece of a loop in the top view, mm: a line, an arc about a centre, or a full circle. */
type Piece =
  | { kind: 'line'; from: Point; to: Point }
  | { kind: 'arc'; from: Point; to: Point; centre: Point; radius: number; ccw: boolean };

/** A closed loop, with the material on its left (outlines counter-clockwise, openings not). */
type Loop = Piece[];

/** A rectangle with rounded corners, mm. */
export interface BoxMm {
  x: number;
  y: number;
  width: number;
  height: number;
  cornerRadius: number;
}

/**
 * A plate as modelled, mm: holes through, blind (flat bottom), counterbored or countersunk (a
 * cone at the top face) from the top.
 */
export interface PlateModel {
  name: string;
  material: string;
  outline: BoxMm;
  thickness: number;
  holes: {
    x: number;
    y: number;
    diameter: number;
    /** Blind hole depth from the top; through when absent. */
    depth?: number;
    counterbore?: { diameter: number; depth: number };
    /** The cone's diameter at the top face and its included angle, degrees. */
    countersink?: { diameter: number; angleDeg: number };
  }[];
  pockets: (BoxMm & { depth: number; island?: BoxMm })[];
  cutOuts: BoxMm[];
  /** A step over the right end from `x` (decision 066), `depth` below the top. */
  step?: { x: number; depth: number };
}

/**
 * The generator's plate as modelled in mm: holes (a tapped hole as its tap drill, through or
 * to the thread's depth and 3 pitches, flat bottomed; counterbores; countersinks), pockets, the
 * cut-out.
 */
export function plateModel(plate: PlatePart): PlateModel {
  const unit = mmPerUnit(plate.units);
  const box = (b: Omit<BoxMm, 'cornerRadius'> & { cornerRadius: number }): BoxMm => ({
    x: b.x * unit,
    y: b.y * unit,
    width: b.width * unit,
    height: b.height * unit,
    cornerRadius: b.cornerRadius * unit,
  });
  return {
    name: 'generated plate',
    material: plate.material,
    outline: box({ x: 0, y: 0, ...plate, cornerRadius: plate.cornerRadius }),
    thickness: plate.thickness * unit,
    holes: asModelled(plate).holes.flatMap((group) =>
      group.centres.map((c) => ({
        x: c.x * unit,
        y: c.y * unit,
        diameter: group.diameter * unit,
        ...(group.depth !== undefined ? { depth: group.depth * unit } : {}),
        ...(group.counterbore
          ? {
              counterbore: {
                diameter: group.counterbore.diameter * unit,
                depth: group.counterbore.depth * unit,
              },
            }
          : {}),
        ...(group.countersink
          ? {
              countersink: {
                diameter: group.countersink.diameter * unit,
                angleDeg: group.countersink.angleDeg,
              },
            }
          : {}),
      })),
    ),
    pockets: plate.pockets.map((pocket) => ({
      ...box(pocket),
      depth: pocket.depth * unit,
      ...(pocket.island ? { island: box(pocket.island) } : {}),
    })),
    cutOuts: plate.cutOut ? [box(plate.cutOut)] : [],
    ...(plate.step
      ? { step: { x: (plate.width - plate.step.width) * unit, depth: plate.step.depth * unit } }
      : {}),
  };
}

/** A rounded rectangle counter-clockwise: each side, then the arc of the corner it ends at. */
function boxLoop(b: BoxMm): Loop {
  const r = b.cornerRadius;
  const [x0, y0, x1, y1] = [b.x, b.y, b.x + b.width, b.y + b.height];
  // Corner centres from the lower right, and the outward normal of the side ending at each.
  const centres = [
    { x: x1 - r, y: y0 + r },
    { x: x1 - r, y: y1 - r },
    { x: x0 + r, y: y1 - r },
    { x: x0 + r, y: y0 + r },
  ];
  const normals = [
    { x: 0, y: -1 },
    { x: 1, y: 0 },
    { x: 0, y: 1 },
    { x: -1, y: 0 },
  ];
  const at = (i: number, n: Point) => ({ x: centres[i]!.x + r * n.x, y: centres[i]!.y + r * n.y });
  return [0, 1, 2, 3].flatMap((i): Piece[] => {
    const [n, next] = [normals[i]!, normals[(i + 1) % 4]!];
    const side: Piece = { kind: 'line', from: at((i + 3) % 4, n), to: at(i, n) };
    if (r <= 0) return [side];
    const centre = centres[i]!;
    return [side, { kind: 'arc', from: at(i, n), to: at(i, next), centre, radius: r, ccw: true }];
  });
}

/** A full circle counter-clockwise from its point at angle 0 (one arc back to its start). */
function circleLoop(x: number, y: number, radius: number): Loop {
  const start = { x: x + radius, y };
  return [{ kind: 'arc', from: start, to: start, centre: { x, y }, radius, ccw: true }];
}

/** The loop run the other way (material on the other side). */
const opening = (loop: Loop): Loop =>
  [...loop]
    .reverse()
    .map((piece) =>
      piece.kind === 'line'
        ? { ...piece, from: piece.to, to: piece.from }
        : { ...piece, from: piece.to, to: piece.from, ccw: !piece.ccw },
    );

/** A piece of a loop as a curve at height z. */
function pieceCurve(data: StepData, piece: Piece, z: number): number {
  if (piece.kind === 'line')
    return data.line([piece.from.x, piece.from.y, z], [piece.to.x, piece.to.y, z]);
  return data.circle([piece.centre.x, piece.centre.y, z], piece.radius);
}

/**
 * The walls of a loop between z0 and z1: a plane on each line, a cylinder on each arc, each
 * bounded by its edge at the bottom, the vertical edge at its end, its edge at the top and the
 * vertical edge at its start (a full circle's one vertical edge is its seam).
 * @returns the loop's edges at the bottom and at the top, as the caps there use them
 */
function extrude(
  data: StepData,
  faces: number[],
  loop: Loop,
  z0: number,
  z1: number,
  edges = new Map<string, number>(),
) {
  const at = (p: Point, z: number): Vec => [p.x, p.y, z];
  const low = loop.map((piece) => data.vertex(at(piece.from, z0)));
  const high = loop.map((piece) => data.vertex(at(piece.from, z1)));
  const verticals = loop.map((piece, i) =>
    data.edge(low[i]!, high[i]!, data.line(at(piece.from, z0), at(piece.from, z1))),
  );
  // An edge two walls share (a step's wall above an outline's wall) is written once.
  const edgeAt = (piece: Piece, i: number, z: number, ends: number[]) => {
    const key = `${ends[i]}|${ends[(i + 1) % loop.length]}|${JSON.stringify(piece)}`;
    const known = edges.get(key);
    if (known !== undefined) return known;
    const edge = data.edge(
      ends[i]!,
      ends[(i + 1) % loop.length]!,
      pieceCurve(data, piece, z),
      piece.kind === 'line' || piece.ccw,
    );
    edges.set(key, edge);
    return edge;
  };
  const bottom = loop.map((piece, i) => edgeAt(piece, i, z0, low));
  const top = loop.map((piece, i) => edgeAt(piece, i, z1, high));
  loop.forEach((piece, i) => {
    const next = (i + 1) % loop.length;
    const uses = [along(bottom[i]!), along(verticals[next]!), against(top[i]!)];
    uses.push(against(verticals[i]!));
    if (piece.kind === 'line') {
      const d = { x: piece.to.x - piece.from.x, y: piece.to.y - piece.from.y };
      const length = Math.hypot(d.x, d.y);
      const normal: Vec = [d.y / length, -d.x / length, 0];
      const surface = data.plane(at(piece.from, z0), normal, [d.x / length, d.y / length, 0]);
      faces.push(data.face([uses], surface, true));
    } else {
      const surface = data.cylinder([piece.centre.x, piece.centre.y, z0], piece.radius);
      faces.push(data.face([uses], surface, piece.ccw));
    }
  });
  return { bottom: reversed(bottom.map(along)), top: top.map(along), bottomEdges: bottom };
}

/**
 * The outline split at a step's edge `x`: the whole loop with its bottom and top sides cut
 * there, the part left of it closed by the step's wall, and the pieces right of it.
 */
function splitAtStep(outline: Loop, x: number) {
  const whole = outline.flatMap((piece): Piece[] => {
    const [a, b] = [piece.from, piece.to];
    if (piece.kind !== 'line' || (a.x - x) * (b.x - x) >= 0) return [piece];
    return [
      { kind: 'line', from: a, to: { x, y: a.y } },
      { kind: 'line', from: { x, y: a.y }, to: b },
    ];
  });
  const right = (piece: Piece) => Math.min(piece.from.x, piece.to.x) >= x - 1e-9;
  const first = whole.findIndex(right);
  const last = whole.findLastIndex(right);
  const wall: Piece = { kind: 'line', from: whole[first]!.from, to: whole[last]!.to };
  return {
    whole,
    first,
    last,
    left: [...whole.slice(0, first), wall, ...whole.slice(last + 1)],
  };
}

/**
 * A countersink's cone from the hole's top edge (radius `r` at `z`, the edge `extrude` left
 * there) to the top face `t`, its material outside: the face bounded like an opening's wall
 * (the lower circle, the seam up at angle 0, the upper circle back, the seam down), its normal
 * towards the axis, against the cone surface's.
 * @returns the upper circle as the top face's loop uses it
 */
function cone(
  data: StepData,
  faces: number[],
  hole: { x: number; y: number; r: number; z: number; edge: number },
  countersink: { diameter: number; angleDeg: number },
  t: number,
): Use[] {
  const { x, y, r, z, edge: lower } = hole;
  const R = countersink.diameter / 2;
  const low: Vec = [x + r, y, z];
  const high: Vec = [x + R, y, t];
  const [vLow, vHigh] = [data.vertex(low), data.vertex(high)];
  // Clockwise, as extrude writes an opening's circles.
  const upper = data.edge(vHigh, vHigh, data.circle([x, y, t], R), false);
  const seam = data.edge(vLow, vHigh, data.line(low, high));
  const surface = data.cone([x, y, z], Z, r, (countersink.angleDeg * Math.PI) / 360);
  faces.push(
    data.face([[along(lower), along(seam), against(upper), against(seam)]], surface, false),
  );
  return [along(upper)];
}

/** The faces of a plate: outline walls, caps, openings, holes, counterbores and pockets. */
function plateFaces(data: StepData, model: PlateModel): number[] {
  const faces: number[] = [];
  const t = model.thickness;
  const walls = (loop: Loop, z0: number, z1: number) => extrude(data, faces, loop, z0, z1);
  const cap = (z: number, loops: Use[][], up = true) =>
    faces.push(data.face(loops, data.plane([0, 0, z]), up));
  const topLoops: Use[][] = [];
  const bottomLoops: Use[][] = [];
  // A step: the outline's walls up to its floor, the part left of its edge above it, the floor.
  const floorLoops: Use[][] = [];
  const step = model.step;
  if (step) {
    const floorZ = t - step.depth;
    const split = splitAtStep(boxLoop(model.outline), step.x);
    const shared = new Map<string, number>();
    const lower = extrude(data, faces, split.whole, 0, floorZ, shared);
    const upper = extrude(data, faces, split.left, floorZ, t, shared);
    bottomLoops.push(lower.bottom);
    topLoops.push(upper.top);
    floorLoops.push([
      ...lower.top.slice(split.first, split.last + 1),
      against(upper.bottomEdges[split.first]!),
    ]);
  } else {
    const outline = walls(boxLoop(model.outline), 0, t);
    topLoops.push(outline.top);
    bottomLoops.push(outline.bottom);
  }
  /** An opening from z0 to the top (a step's floor over it); closed by a floor above the bottom. */
  const sunk = (loop: Loop, z0: number) => {
    const inStep = step !== undefined && loop.every((piece) => piece.from.x > step.x);
    const sides = walls(opening(loop), z0, inStep ? t - step.depth : t);
    (inStep ? floorLoops : topLoops).push(sides.top);
    if (z0 <= 0) bottomLoops.push(sides.bottom);
    return sides;
  };
  for (const box of model.cutOuts) sunk(boxLoop(box), 0);
  for (const { x, y, diameter, depth, counterbore, countersink } of model.holes) {
    const hole = circleLoop(x, y, diameter / 2);
    if (countersink) {
      // The hole's wall up to where the cone meets it, the cone to the top face.
      const coneZ =
        t -
        (countersink.diameter - diameter) / 2 / Math.tan((countersink.angleDeg * Math.PI) / 360);
      const narrow = walls(opening(hole), 0, coneZ);
      bottomLoops.push(narrow.bottom);
      const edge = narrow.top[0]!.edge;
      topLoops.push(cone(data, faces, { x, y, r: diameter / 2, z: coneZ, edge }, countersink, t));
    } else if (counterbore) {
      const seat = t - counterbore.depth;
      const wide = sunk(circleLoop(x, y, counterbore.diameter / 2), seat);
      const narrow = walls(opening(hole), 0, seat);
      bottomLoops.push(narrow.bottom);
      cap(seat, [wide.bottom, narrow.top]);
    } else if (depth !== undefined && depth < t) cap(t - depth, [sunk(hole, t - depth).bottom]);
    else sunk(hole, 0);
  }
  for (const pocket of model.pockets) {
    const floor = t - pocket.depth;
    const floorLoops = [sunk(boxLoop(pocket), floor).bottom];
    if (pocket.island) {
      const island = walls(boxLoop(pocket.island), floor, t);
      floorLoops.push(island.bottom);
      cap(t, [island.top]);
    }
    cap(floor, floorLoops);
  }
  cap(t, topLoops);
  if (step) cap(t - step.depth, floorLoops);
  cap(0, bottomLoops, false);
  return faces;
}

/** A plate as a STEP file: the top view in X, Y from its lower-left corner, thickness along +Z. */
export function plateToStep(model: PlateModel): string {
  const data = new StepData();
  const brep = data.solid(model.name, plateFaces(data, model));
  writeProduct(data, model.name, model.material, brep);
  return exchangeStructure(model.name, data);
}

/**
 * The part as its STEP model shows it: nominal sizes (no fits or deviations, no general
 * tolerance); a turned part's threads as plain cylinders at their major diameter, a plate's
 * tapped holes as their tap drills (as CAD models them: the thread is a cosmetic note the file
 * does not carry), through or to the thread's depth and 3 pitches with a flat bottom. A program
 * read from the model is held to drilling those, not to threading them: the reader cannot know
 * of the thread. The rest as drawn.
 */
export function asModelled<T extends GeneratedPart>(part: T): T {
  if (part.kind === 'plate')
    return {
      ...part,
      holes: part.holes.map(({ thread, kind, ...group }) =>
        thread
          ? {
              ...group,
              kind: 'plain' as const,
              ...(thread.depth !== undefined ? { depth: thread.depth + 3 * thread.pitch } : {}),
            }
          : { ...group, ...(kind ? { kind } : {}) },
      ),
      generalTolerance: '',
    };
  const turned: TurnedPart = part;
  return {
    ...turned,
    steps: turned.steps.map(({ tolerance: _t, thread: _thread, ...step }) => step),
    bores: turned.bores.map(({ tolerance: _t, ...bore }) => bore),
    generalTolerance: '',
  } as T;
}

/** Any generated part as a STEP file. */
export function partToStep(part: GeneratedPart): string {
  return part.kind === 'turned' ? turnedToStep(part) : plateToStep(plateModel(part));
}
