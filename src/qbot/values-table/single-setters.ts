/**
 * The values table's rows that hold one value of the description each (edits.ts takes the rest:
 * diameters, bores, holes, depths): overall length, a plate's thickness and outline, Ra,
 * material, heat treatment, hardness, general tolerance, centre holes (ISO 6411) and the title
 * block's cells. Lengths in mm, Ra in µm.
 */
import { formatMm, roundMm } from '#cam/callouts';
import { centreHolesTyped, outlineSize } from '#contracts/values-table';
import { PAIR, positive, read, sizeWanted } from './typed.ts';
import type { Setter } from './typed.ts';

/** The title block's rows that take text as typed. */
export const titleKeys = [
  'units',
  'title',
  'drawingNumber',
  'revision',
  'scale',
  'projection',
] as const;

/**
 * The edit of a row that is one value of the description (overall length, thickness, outline,
 * Ra, material, heat treatment, hardness, general tolerance, centre holes, the title block's
 * cells); undefined for any other row.
 */
export function singleSetter(id: string): Setter | undefined {
  switch (id) {
    case 'overallLength':
      return (draft, text) => {
        const value = positive(text);
        if (value === undefined) return sizeWanted;
        draft.dimensions.overallLengthMm = value;
        draft.dimensions.overallLength = `${formatMm(value)} mm`;
        return undefined;
      };
    case 'thickness':
      return (draft, text) => {
        const value = positive(text);
        if (value === undefined || !draft.prismatic) return sizeWanted;
        draft.prismatic.thicknessMm = value;
        return undefined;
      };
    case 'outline':
      return (draft, text) => {
        const match = PAIR.exec(text);
        const plate = draft.prismatic;
        const width = match ? read(match[1]!) : 0;
        const height = match ? read(match[2]!) : 0;
        if (!plate || !(width > 0 && height > 0))
          return "Type the outline's width and height in mm, such as '175 x 100'.";
        const { widthMm, heightMm } = outlineSize(plate.outline);
        const x0 = Math.min(...plate.outline.map((p) => p.x));
        const y0 = Math.min(...plate.outline.map((p) => p.y));
        plate.outline = plate.outline.map((p) => ({
          x: roundMm(x0 + ((p.x - x0) * width) / (widthMm || 1)),
          y: roundMm(y0 + ((p.y - y0) * height) / (heightMm || 1)),
        }));
        return undefined;
      };
    case 'roughness':
      return (draft, text) => {
        const value = positive(text.replace(/^\s*Ra\s*/i, '').replace(/\s*(µm|μm|um)\s*$/i, ''));
        if (value === undefined) return "Type Ra in µm, such as '1.6'.";
        draft.surfaceFinish.raUm = value;
        const words = `Ra ${formatMm(value)} µm`;
        const current = draft.surfaceFinish.requirements;
        draft.surfaceFinish.requirements = /\bRa\s*[\d.,]+\s*(µm|μm|um)?/i.test(current)
          ? current.replace(/\bRa\s*[\d.,]+\s*(µm|μm|um)?/i, words)
          : [words, current].filter(Boolean).join('; ');
        return undefined;
      };
    case 'material':
    case 'heatTreatment':
    case 'hardness':
      return (draft, text) => {
        draft.materialSpecs[id] = text.trim().slice(0, 200);
        return undefined;
      };
    case 'centreHoles':
      return (draft, text) => {
        const value = centreHolesTyped(text);
        if (!value) return "Type 'permitted' or 'not permitted'.";
        draft.features.centreHoles = value;
        return undefined;
      };
    case 'generalTolerance':
      return (draft, text) => {
        draft.dimensions.generalTolerance = text.trim().slice(0, 100);
        if (draft.titleBlock?.generalTolerance !== undefined)
          draft.titleBlock.generalTolerance = draft.dimensions.generalTolerance;
        return undefined;
      };
    default:
      if ((titleKeys as readonly string[]).includes(id))
        return (draft, text) => {
          draft.titleBlock = {
            ...draft.titleBlock,
            [id]: text.trim().slice(0, id === 'title' ? 300 : 50),
          };
          return undefined;
        };
      return undefined;
  }
}
