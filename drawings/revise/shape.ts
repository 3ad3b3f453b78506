/**
 * Revision of the shape: outer diameters, bores, overall length and removals, and the layout that
 * keeps outer diameters end to end with chamfers and fillets moving with them. Lengths in mm.
 */
import { formatMm, roundMm, type ParsedDiameter } from '#cam/callouts';
import type { BlueprintDescription, Chamfer, DiameterFeature, Fillet } from '#contracts/blueprint';
import { diameterText } from '../describe/turned.ts';
import type { EdgePlace, Edit } from './parse.ts';

/** Diameters closer than this are the same diameter, mm. */
export const SAME_DIAMETER_MM = 0.05;

export const span = (start: number, end: number) =>
  `from the free end, ${formatMm(start)} to ${formatMm(end)} mm`;
export const same = (a: number | undefined, b: number) =>
  a !== undefined && Math.abs(a - b) <= SAME_DIAMETER_MM;

/** Where a chamfer or fillet sits, relative to the diameter it belongs to. */
interface Anchor {
  edge: Chamfer | Fillet;
  list: (Chamfer | Fillet)[];
  owner: DiameterFeature;
  side: 'start' | 'end';
  offsetMm: number;
}

/** The description being revised and the changes made so far. */
export class ShapeRevision {
  /** Index after the last outer diameter this feedback named: the next new one goes there. */
  protected cursor: number | undefined;
  protected overallGiven = false;
  protected readonly anchors: Anchor[];
  protected readonly moved = new Set<DiameterFeature>();
  /**
   * Outer diameters this feedback gave a length: a size given a length twice ('Ø19.9 x 12.5,
   * Ø16.5 x 2.5, Ø19.9 x 10') means the next section of that size.
   */
  protected readonly sized = new Set<DiameterFeature>();

  constructor(
    protected readonly d: BlueprintDescription,
    protected readonly changes: string[],
  ) {
    const edges = [
      ...d.features.chamfers.map((edge) => ({ edge, list: d.features.chamfers })),
      ...d.features.fillets.map((edge) => ({ edge, list: d.features.fillets })),
    ];
    this.anchors = edges.flatMap(({ edge, list }) => {
      const owner = d.outerDiameters.find(
        (o) =>
          same(o.diameterMm, edge.onDiameterMm ?? NaN) &&
          o.startMm !== undefined &&
          o.lengthMm !== undefined &&
          edge.atMm !== undefined &&
          edge.atMm >= o.startMm - SAME_DIAMETER_MM &&
          edge.atMm <= o.startMm + o.lengthMm + SAME_DIAMETER_MM,
      );
      if (!owner || edge.atMm === undefined) return [];
      const fromStart = edge.atMm - owner.startMm!;
      const fromEnd = owner.startMm! + owner.lengthMm! - edge.atMm;
      return [
        fromStart <= fromEnd
          ? { edge, list, owner, side: 'start' as const, offsetMm: fromStart }
          : { edge, list, owner, side: 'end' as const, offsetMm: fromEnd },
      ];
    });
  }

  protected get outer() {
    return this.d.outerDiameters;
  }

  protected resolve(test: (entry: string) => boolean): void {
    this.d.unresolved = (this.d.unresolved ?? []).filter((entry) => !test(entry));
  }

  protected where(atMm: number): string {
    const overall = this.d.dimensions.overallLengthMm;
    if (atMm < 1e-6) return 'at the free end';
    if (overall !== undefined && Math.abs(atMm - overall) < 1e-6) return 'at the chuck end';
    return `${formatMm(atMm)} mm from the free end`;
  }

  protected outerDiameter(parsed: ParsedDiameter, lengthMm: number | undefined, groove: boolean) {
    // 'Ø19.9 x 12.5, Ø16.5 x 2.5, Ø19.9 x 10': the second Ø19.9 is the next section of that
    // size (after the cursor when there is one), or a new section when there is no other.
    const matches = (o: DiameterFeature) =>
      same(o.diameterMm, parsed.nominalMm) && !(lengthMm !== undefined && this.sized.has(o));
    const after = this.cursor ?? 0;
    let index = this.outer.findIndex((o, i) => i >= after && matches(o));
    if (index === -1) index = this.outer.findIndex(matches);
    if (index === -1) {
      const feature: DiameterFeature = {
        diameter: diameterText(parsed.nominalMm, parsed),
        type: groove
          ? 'groove'
          : parsed.thread
            ? `thread ${parsed.thread.designation}`
            : 'cylinder',
        location: 'not given',
        length: lengthMm ? `${formatMm(lengthMm)} mm` : 'not given',
        diameterMm: parsed.nominalMm,
        ...(lengthMm ? { lengthMm } : {}),
        ...(parsed.tolerance ? { tolerance: parsed.tolerance } : {}),
        ...(parsed.fit ? { fit: parsed.fit } : {}),
        ...(parsed.thread ? { thread: parsed.thread.designation } : {}),
      };
      const at = this.cursor ?? this.outer.length;
      this.outer.splice(at, 0, feature);
      this.cursor = at + 1;
      this.moved.add(feature);
      if (lengthMm !== undefined) this.sized.add(feature);
      const neighbour = this.outer[at - 1];
      this.changes.push(
        `Added ${feature.diameter}${lengthMm ? `, ${formatMm(lengthMm)} mm long` : ''}${
          neighbour ? `, after ${neighbour.diameter}` : ', at the free end'
        }.`,
      );
      return;
    }
    const feature = this.outer[index]!;
    this.cursor = index + 1;
    if (lengthMm !== undefined) this.sized.add(feature);
    const what: string[] = [];
    if (parsed.fit && parsed.fit !== feature.fit) {
      feature.fit = parsed.fit;
      what.push(`fit ${parsed.fit}`);
    }
    if (
      parsed.tolerance &&
      JSON.stringify(parsed.tolerance) !== JSON.stringify(feature.tolerance)
    ) {
      feature.tolerance = parsed.tolerance;
      what.push('tolerance');
    }
    if (what.length > 0)
      feature.diameter = diameterText(feature.diameterMm!, {
        ...parsed,
        fit: parsed.fit ?? feature.fit,
        tolerance: parsed.tolerance ?? feature.tolerance,
      });
    if (parsed.thread && feature.thread !== parsed.thread.designation) {
      feature.thread = parsed.thread.designation;
      feature.type = `thread ${parsed.thread.designation}`;
      what.push(`thread ${parsed.thread.designation}`);
    }
    if (groove && feature.type !== 'groove') {
      feature.type = 'groove';
      what.push('groove');
    }
    if (lengthMm && lengthMm !== feature.lengthMm) {
      what.push(`length ${formatMm(lengthMm)} mm (was ${feature.length || 'not given'})`);
      feature.lengthMm = lengthMm;
      feature.length = `${formatMm(lengthMm)} mm`;
      this.moved.add(feature);
      const name = `Ø${formatMm(feature.diameterMm!)}`;
      this.resolve((entry) => entry.includes(name) && /length|long/i.test(entry));
    }
    this.changes.push(
      what.length > 0
        ? `${feature.diameter}: ${what.join(', ')}.`
        : `${feature.diameter} is already as described.`,
    );
  }

  protected resize(fromMm: number, to: ParsedDiameter) {
    const feature =
      this.outer.find((o) => same(o.diameterMm, fromMm)) ??
      this.d.innerDiameters.find((o) => same(o.diameterMm, fromMm));
    if (!feature) {
      this.changes.push(`No Ø${formatMm(fromMm)} to change.`);
      return;
    }
    const was = feature.diameter;
    feature.diameterMm = to.nominalMm;
    feature.diameter = diameterText(to.nominalMm, to);
    if (to.fit) feature.fit = to.fit;
    if (to.tolerance) feature.tolerance = to.tolerance;
    for (const edge of [...this.d.features.chamfers, ...this.d.features.fillets]) {
      if (same(edge.onDiameterMm, fromMm)) {
        edge.onDiameterMm = to.nominalMm;
        edge.location = edge.location.replace(was, feature.diameter);
      }
    }
    this.changes.push(`${was} is now ${feature.diameter}.`);
  }

  protected bore(edit: Extract<Edit, { kind: 'bore' }>) {
    const overall = this.d.dimensions.overallLengthMm;
    const existing = this.d.innerDiameters.find((o) => same(o.diameterMm, edit.diameter.nominalMm));
    const lengthMm = edit.through ? overall : edit.depthMm;
    const startMm =
      edit.fromChuckEnd && overall !== undefined && lengthMm !== undefined ? overall - lengthMm : 0;
    const feature: DiameterFeature = existing ?? {
      diameter: diameterText(edit.diameter.nominalMm, edit.diameter),
      type: edit.diameter.thread ? `thread ${edit.diameter.thread.designation}` : 'bore',
      location: '',
      length: '',
      diameterMm: edit.diameter.nominalMm,
      ...(edit.diameter.fit ? { fit: edit.diameter.fit } : {}),
      ...(edit.diameter.tolerance ? { tolerance: edit.diameter.tolerance } : {}),
      ...(edit.diameter.thread ? { thread: edit.diameter.thread.designation } : {}),
    };
    feature.through = edit.through;
    feature.length = edit.through
      ? 'through'
      : lengthMm
        ? `${formatMm(lengthMm)} mm deep`
        : 'depth not given';
    if (lengthMm) {
      feature.lengthMm = lengthMm;
      feature.startMm = startMm;
      feature.location = span(startMm, startMm + lengthMm);
    } else {
      feature.location = edit.fromChuckEnd ? 'from the chuck end' : 'from the free end';
      feature.startMm = edit.fromChuckEnd ? undefined : 0;
      if (feature.startMm === undefined) delete feature.startMm;
    }
    if (!existing) this.d.innerDiameters.push(feature);
    this.changes.push(
      `${existing ? 'Bore' : 'Added bore'} ${feature.diameter}, ${feature.length}.`,
    );
  }

  protected overall(valueMm: number) {
    const was = this.d.dimensions.overallLength;
    this.overallGiven = true;
    this.d.dimensions.overallLengthMm = valueMm;
    this.d.dimensions.overallLength = `${formatMm(valueMm)} mm`;
    this.resolve((entry) => /overall length/i.test(entry));
    this.changes.push(`Overall length ${formatMm(valueMm)} mm${was ? ` (was ${was})` : ''}.`);
  }

  protected remove(edit: Extract<Edit, { kind: 'remove' }>) {
    const matches = (feature: DiameterFeature) =>
      edit.diameterMm === undefined || same(feature.diameterMm, edit.diameterMm);
    const drop = <T>(list: T[], test: (item: T) => boolean, name: (item: T) => string) => {
      const gone = list.filter(test);
      for (const item of gone) list.splice(list.indexOf(item), 1);
      this.changes.push(
        gone.length > 0
          ? `Removed ${gone.map(name).join(', ')}.`
          : `Nothing to remove: no ${edit.what} found.`,
      );
    };
    switch (edit.what) {
      case 'groove':
        return drop(
          this.outer,
          (o) => /groove/i.test(o.type) && matches(o),
          (o) => `groove ${o.diameter}`,
        );
      case 'diameter':
        return drop(this.outer, matches, (o) => o.diameter);
      case 'bore':
        return drop(this.d.innerDiameters, matches, (o) => `bore ${o.diameter}`);
      case 'fillet':
        return drop(
          this.d.features.fillets,
          (f) => edit.diameterMm === undefined || same(f.onDiameterMm, edit.diameterMm),
          (f) => `fillet ${f.dimensions} (${f.location})`,
        );
      case 'chamfer':
        return drop(
          this.d.features.chamfers,
          (c) => this.atPlace(c.atMm, edit.place),
          (c) => `chamfer ${c.dimensions} (${c.location})`,
        );
      case 'thread': {
        const threaded = [...this.outer, ...this.d.innerDiameters].filter(
          (o) => o.thread && matches(o),
        );
        for (const feature of threaded) {
          delete feature.thread;
          feature.type = this.d.innerDiameters.includes(feature) ? 'bore' : 'cylinder';
        }
        this.changes.push(
          threaded.length > 0
            ? `Removed the thread of ${threaded.map((o) => o.diameter).join(', ')}.`
            : 'Nothing to remove: no thread found.',
        );
      }
    }
  }

  protected atPlace(atMm: number | undefined, place: EdgePlace | undefined): boolean {
    const overall = this.d.dimensions.overallLengthMm;
    if (place === 'free end') return atMm !== undefined && atMm < SAME_DIAMETER_MM;
    if (place === 'chuck end') return same(atMm, overall ?? NaN);
    return true;
  }

  /** Where an edge of a diameter is: the side facing a smaller neighbour or an end. */
  relayout(): void {
    let at = 0;
    let complete = this.outer.length > 0;
    for (const feature of this.outer) {
      if (feature.lengthMm === undefined) {
        complete = false;
        break;
      }
      if (
        feature.startMm === undefined ||
        Math.abs(feature.startMm - at) > 1e-9 ||
        this.moved.has(feature)
      ) {
        feature.startMm = roundMm(at);
        feature.location = span(feature.startMm, feature.startMm + feature.lengthMm);
      }
      at = roundMm(at + feature.lengthMm);
    }
    const overall = this.d.dimensions;
    this.resolve((entry) => entry.startsWith('The outer diameters add up to'));
    if (
      complete &&
      !this.overallGiven &&
      (overall.overallLengthMm === undefined || Math.abs(overall.overallLengthMm - at) > 1e-9)
    ) {
      const was = overall.overallLength;
      overall.overallLengthMm = at;
      overall.overallLength = `${formatMm(at)} mm`;
      this.resolve((entry) => /overall length/i.test(entry));
      this.changes.push(
        `Overall length ${formatMm(at)} mm, the sum of the outer diameters${was ? ` (was ${was})` : ''}.`,
      );
    } else if (
      complete &&
      overall.overallLengthMm !== undefined &&
      Math.abs(overall.overallLengthMm - at) > 0.01
    ) {
      this.d.unresolved = [
        ...(this.d.unresolved ?? []),
        `The outer diameters add up to ${formatMm(at)} mm, but the overall length is ${formatMm(overall.overallLengthMm)} mm.`,
      ];
    }
    for (const anchor of this.anchors) {
      const { edge, list, owner, side, offsetMm } = anchor;
      if (!list.includes(edge)) continue;
      if (!this.outer.includes(owner)) {
        list.splice(list.indexOf(edge), 1);
        this.changes.push(`Removed ${edge.dimensions} (${edge.location}): its diameter is gone.`);
        continue;
      }
      if (owner.startMm === undefined || owner.lengthMm === undefined) continue;
      const atMm = roundMm(
        side === 'start' ? owner.startMm + offsetMm : owner.startMm + owner.lengthMm - offsetMm,
      );
      if (edge.atMm !== atMm || edge.onDiameterMm !== owner.diameterMm) {
        edge.atMm = atMm;
        edge.onDiameterMm = owner.diameterMm;
        edge.location = `${this.where(atMm)}, on ${owner.diameter}`;
      }
    }
    for (const bore of this.d.innerDiameters) {
      if (
        bore.through &&
        overall.overallLengthMm !== undefined &&
        bore.lengthMm !== overall.overallLengthMm
      ) {
        bore.startMm = 0;
        bore.lengthMm = overall.overallLengthMm;
        bore.location = span(0, overall.overallLengthMm);
      }
    }
  }
}
