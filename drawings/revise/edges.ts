/**
 * Revision of edges, threads and specifications: chamfers, fillets, threads on diameters,
 * material, heat treatment, hardness, roughness, general tolerance, concentricity.
 */
import { chamferText, formatMm } from '#cam/callouts';
import type { Chamfer, DiameterFeature, Fillet } from '#contracts/blueprint';
import type { EdgePlace, Edit } from './parse.ts';
import { ShapeRevision, same } from './shape.ts';

/** Applies any edit to the description. */
export class Revision extends ShapeRevision {
  apply(edit: Edit): void {
    switch (edit.kind) {
      case 'outer':
        return this.outerDiameter(edit.diameter, edit.lengthMm, edit.groove);
      case 'resize':
        return this.resize(edit.fromMm, edit.to);
      case 'bore':
        return this.bore(edit);
      case 'overall':
        return this.overall(edit.valueMm);
      case 'remove':
        return this.remove(edit);
      case 'chamfer':
        return this.chamfer(edit);
      case 'fillet':
        return this.fillet(edit);
      case 'thread':
        return this.thread(edit);
      default:
        return this.specs(edit);
    }
  }

  private edgesFor(place: EdgePlace, shoulder: 'smaller' | 'larger') {
    const overall = this.d.dimensions.overallLengthMm;
    const first = this.outer[0];
    const last = this.outer[this.outer.length - 1];
    if (place === 'free end') return [{ atMm: 0, on: first }];
    if (place === 'chuck end') return [{ atMm: overall, on: last }];
    if (place === 'both ends')
      return [
        { atMm: 0, on: first },
        { atMm: overall, on: last },
      ];
    const index = this.outer.findIndex((o) => same(o.diameterMm, place.onDiameterMm));
    const on = this.outer[index];
    if (!on) return [{ atMm: undefined, on: undefined, diameterMm: place.onDiameterMm }];
    const before = this.outer[index - 1]?.diameterMm;
    const after = this.outer[index + 1]?.diameterMm;
    const faces = (neighbour: number | undefined) =>
      shoulder === 'smaller'
        ? neighbour === undefined || neighbour < on.diameterMm!
        : neighbour !== undefined && neighbour > on.diameterMm!;
    const start = on.startMm;
    const end = start !== undefined && on.lengthMm !== undefined ? start + on.lengthMm : undefined;
    const atMm = faces(before) ? start : faces(after) ? end : start;
    return [{ atMm, on }];
  }

  private chamfer(edit: Extract<Edit, { kind: 'chamfer' }>) {
    const dimensions = chamferText(edit.chamfer);
    const bore = this.d.innerDiameters[0];
    const places = edit.inner
      ? [{ atMm: bore?.startMm ?? 0, on: bore }]
      : this.edgesFor(edit.place, 'smaller');
    for (const { atMm, on } of places) {
      const existing = this.d.features.chamfers.find(
        (c) => !!c.inner === edit.inner && atMm !== undefined && same(c.atMm, atMm),
      );
      const chamfer: Chamfer = {
        dimensions,
        location: `${atMm === undefined ? 'edge' : this.where(atMm)}${on ? `, on ${edit.inner ? 'bore ' : ''}${on.diameter}` : ''}`,
        sizeMm: edit.chamfer.sizeMm,
        angleDeg: edit.chamfer.angleDeg,
        ...(atMm !== undefined ? { atMm } : {}),
        ...(on?.diameterMm ? { onDiameterMm: on.diameterMm } : {}),
        ...(edit.inner ? { inner: true } : {}),
      };
      if (existing) {
        this.changes.push(
          `Chamfer ${dimensions} ${chamfer.location} (was ${existing.dimensions}).`,
        );
        Object.assign(existing, chamfer, { purpose: existing.purpose });
        if (existing.purpose === undefined) delete existing.purpose;
      } else {
        this.d.features.chamfers.push(chamfer);
        this.changes.push(`Added chamfer ${dimensions} ${chamfer.location}.`);
      }
    }
  }

  private fillet(edit: Extract<Edit, { kind: 'fillet' }>) {
    const dimensions = `R${formatMm(edit.radiusMm)}`;
    const places = edit.place
      ? this.edgesFor(edit.place, 'larger')
      : [{ atMm: undefined, on: undefined }];
    for (const { atMm, on } of places) {
      const existing = this.d.features.fillets.find(
        (f) =>
          on?.diameterMm !== undefined &&
          same(f.onDiameterMm, on.diameterMm) &&
          (atMm === undefined || same(f.atMm, atMm)),
      );
      const fillet: Fillet = {
        dimensions,
        location:
          atMm !== undefined ? `${this.where(atMm)}${on ? `, on ${on.diameter}` : ''}` : edit.text,
        radiusMm: edit.radiusMm,
        ...(atMm !== undefined ? { atMm } : {}),
        ...(on?.diameterMm ? { onDiameterMm: on.diameterMm } : {}),
      };
      if (existing) Object.assign(existing, fillet);
      else this.d.features.fillets.push(fillet);
      this.changes.push(
        `${existing ? 'Fillet' : 'Added fillet'} ${dimensions} ${fillet.location}.`,
      );
    }
  }

  private thread(edit: Extract<Edit, { kind: 'thread' }>) {
    const { thread } = edit;
    const major = thread.majorDiameterMm;
    const lists = edit.internal
      ? [this.d.innerDiameters, this.outer]
      : [this.outer, this.d.innerDiameters];
    let target: DiameterFeature | undefined;
    for (const list of lists) {
      target =
        edit.onDiameterMm !== undefined
          ? list.find((o) => same(o.diameterMm, edit.onDiameterMm!))
          : list.find((o) => Math.abs(o.diameterMm! - major) <= 0.5);
      if (target) break;
    }
    if (!target) {
      const parsed = { nominalMm: edit.onDiameterMm ?? major, thread, text: thread.designation };
      if (edit.internal) {
        return this.bore({
          kind: 'bore',
          diameter: parsed,
          through: false,
          fromChuckEnd: false,
          ...(edit.lengthMm ? { depthMm: edit.lengthMm } : {}),
        });
      }
      return this.outerDiameter(parsed, edit.lengthMm, false);
    }
    target.thread = thread.designation;
    target.type = `thread ${thread.designation}`;
    if (edit.lengthMm && this.d.innerDiameters.includes(target)) {
      // 'tapped M8 x 16 deep' on a tapped hole already read: its depth too.
      this.bore({
        kind: 'bore',
        diameter: { nominalMm: target.diameterMm!, thread, text: thread.designation },
        through: false,
        fromChuckEnd: false,
        depthMm: edit.lengthMm,
      });
    }
    const check =
      Math.abs(target.diameterMm! - major) > 0.5
        ? ` (check the size: ${thread.designation} has a major diameter of ${formatMm(major)} mm)`
        : '';
    this.resolve((entry) => /thread/i.test(entry) && entry.includes(target.diameter));
    this.changes.push(`${target.diameter}: thread ${thread.designation}${check}.`);
  }

  private specs(
    edit: Exclude<
      Edit,
      { kind: 'outer' | 'resize' | 'bore' | 'overall' | 'remove' | 'chamfer' | 'fillet' | 'thread' }
    >,
  ) {
    const { materialSpecs, surfaceFinish, dimensions } = this.d;
    switch (edit.kind) {
      case 'material': {
        const was = materialSpecs.material;
        materialSpecs.material = edit.text;
        this.resolve((entry) => /material/i.test(entry));
        this.changes.push(
          was === edit.text
            ? `Material is already ${edit.text}.`
            : `Material: ${edit.text}${was ? ` (was ${was})` : ''}.`,
        );
        return;
      }
      case 'heatTreatment':
        materialSpecs.heatTreatment = edit.text;
        this.changes.push(`Heat treatment: ${edit.text}.`);
        return;
      case 'hardness':
        materialSpecs.hardness = edit.text;
        this.changes.push(`Hardness: ${edit.text}.`);
        return;
      case 'roughness':
        surfaceFinish.raUm = edit.raUm;
        surfaceFinish.requirements = edit.text;
        this.resolve((entry) => /surface finish|\bRa\b|roughness/i.test(entry));
        this.changes.push(`Surface finish: Ra ${formatMm(edit.raUm)} µm.`);
        return;
      case 'generalTolerance': {
        dimensions.generalTolerance = edit.text;
        const others = dimensions.tolerances
          .split(';')
          .map((part) => part.trim())
          .filter((part) => part && !/general toleranc|ISO 2768|DIN 7168/i.test(part));
        dimensions.tolerances = [`general tolerances ${edit.text}`, ...others].join('; ');
        this.resolve((entry) => /toleranc/i.test(entry));
        this.changes.push(`General tolerances: ${edit.text}.`);
        return;
      }
      case 'concentricity':
        surfaceFinish.concentricity = edit.text;
        this.changes.push(`Concentricity: ${edit.text}.`);
        return;
      case 'centreHoles':
        this.d.features.centreHoles = edit.value;
        this.resolve((entry) => /centre hole/i.test(entry));
        this.changes.push(
          edit.value === 'permitted'
            ? 'Centre holes (ISO 6411): permitted; the tailstock may hold a slender part by one at its free end.'
            : 'Centre holes (ISO 6411): not permitted.',
        );
        return;
      case 'thickness':
        return this.thickness(edit.valueMm);
    }
  }

  /** A plate's thickness; a description without a plate (a turned part) keeps none. */
  private thickness(valueMm: number) {
    const plate = this.d.prismatic;
    if (!plate) {
      this.changes.push(
        `The description holds no plate, so the thickness ${formatMm(valueMm)} mm is not used: give a turned part's sizes as diameters and lengths.`,
      );
      return;
    }
    const was = plate.thicknessMm;
    plate.thicknessMm = valueMm;
    this.resolve((entry) => /thickness|thick\b/i.test(entry));
    this.changes.push(
      `Plate thickness: ${formatMm(valueMm)} mm${was !== undefined && was !== valueMm ? ` (was ${formatMm(was)} mm)` : ''}.`,
    );
  }

  /** Consecutive outer diameters follow each other; edges move with their diameter; overall length follows. */
}
