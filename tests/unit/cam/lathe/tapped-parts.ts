/**
 * Turned parts with a tapped hole at the free end (issue 33 item 4, decision 051), and tooling
 * with their tap drills and taps, for the tapping tests.
 */
import type { BlueprintDescription } from '#contracts/blueprint';
import type { ToolRow } from '#cam/tool-row';
import { latheTooling, toolRow } from '#tests/helpers/parts';
import { diameter, turned } from './far-end-parts.ts';

/** LIU0010-like: Ø19.9 x 12, Ø16.5 x 3, Ø19.9 x 10, tapped M8 x 16 deep, in `material`. */
export function tappedPin(
  thread = 'M8',
  depthMm = 16,
  material = '6061-T6',
  through = false,
): BlueprintDescription {
  return turned(
    'Pin tapped at the free end',
    material,
    [diameter(19.9, 12), diameter(16.5, 3), diameter(19.9, 10)],
    [
      {
        diameter: thread,
        type: 'thread',
        location: 'free end',
        length: through ? 'through' : `${depthMm} mm`,
        ...(through ? { through: true } : { lengthMm: depthMm }),
        thread,
      },
    ],
  );
}

/** The test tooling with a Ø6.8 tap drill and an M8x1.25 tap (T9, T10). */
export const tappingTooling: ToolRow[] = [
  ...latheTooling,
  toolRow('T9', 'Drilling', 'Drill 6.8', 'HSS twist drill Ø6.8 mm, tap drill M8'),
  toolRow('T10', 'Drilling', 'Tap M8x1.25', 'HSS-E machine tap, form C'),
];
