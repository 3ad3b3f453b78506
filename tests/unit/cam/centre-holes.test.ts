/**
 * Whether a turned part may keep centre holes (ISO 6411; decision 078) is one value of its
 * description: read from a drawing's note, given with Change or in the values table, and asked at
 * the description step of a part too slender for the chuck alone.
 */
import { describe, expect, it } from 'vitest';
import { analysisOf, centreHoleQuestion } from '#cam/analysis';
import { parseCentreHoles } from '#cam/callouts';
import { valueRows } from '#contracts/values-table';
import { reviseDescription } from '#drawings/revise/revise';
import { setRowValue, removeRow } from '#src/qbot/values-table/edits.ts';
import { diameter } from './lathe/far-end-parts.ts';
import { farOutside } from './lathe/far-outside-parts.ts';

describe('a note on centre holes', () => {
  it.each([
    ['CENTRE HOLES PERMITTED (ISO 6411)', 'permitted'],
    ['CENTER DRILL BOTH ENDS', 'permitted'],
    ['2x centre hole ISO 6411-A2.5/5.3', 'permitted'],
    ['Zentrierbohrungen DIN 332 zulässig', 'permitted'],
    ['DIN 332-A4x8.5', 'permitted'],
    ['NO CENTRE HOLES', 'not permitted'],
    ['Centre holes not permitted', 'not permitted'],
    ['center holes are not allowed', 'not permitted'],
    ['Zentrierbohrung nicht zulässig', 'not permitted'],
  ] as const)('%s: %s', (note, expected) => {
    expect(parseCentreHoles(note)).toBe(expected);
  });

  it.each(['GENERAL TOLERANCES ISO 2768-m', 'CENTRE LINE', 'Ø12 h7', 'BREAK ALL EDGES'])(
    'says nothing in %s',
    (note) => expect(parseCentreHoles(note)).toBeUndefined(),
  );
});

/** A Ø24 x 160 shaft with a Ø30 x 40 collar: too slender for the chuck alone. */
const slender = () => farOutside([diameter(24, 160), diameter(30, 40)], undefined, '6061-T6');

describe('the centre holes of a description', () => {
  it('are given and taken back with Change, which answers the question', () => {
    const asked = analysisOf(slender()).description;
    expect(asked.unresolved).toContainEqual(
      expect.stringMatching(/may its free end keep a centre hole/),
    );
    const permitted = reviseDescription(asked, 'centre holes permitted');
    expect(permitted.description.features.centreHoles).toBe('permitted');
    expect(permitted.changes[0]).toMatch(/^Centre holes \(ISO 6411\): permitted/);
    expect(permitted.description.unresolved).not.toContainEqual(
      expect.stringMatching(/centre hole/),
    );
    const banned = reviseDescription(permitted.description, 'no centre holes');
    expect(banned.description.features.centreHoles).toBe('not permitted');
    const sizes = (d: typeof asked) => d.outerDiameters.map((f) => [f.diameterMm, f.lengthMm]);
    expect(sizes(banned.description)).toEqual(sizes(asked));
  });

  it('are a row of the values table, changed and removed there', () => {
    const description = slender();
    const row = valueRows(description).find((entry) => entry.id === 'centreHoles');
    expect(row).toMatchObject({ group: 'Centre holes', value: '' });
    const set = setRowValue(description, 'centreHoles', 'allowed');
    if (!('description' in set)) throw new Error(set.error);
    expect(set.description.features.centreHoles).toBe('permitted');
    expect(valueRows(set.description).find((entry) => entry.id === 'centreHoles')?.value).toBe(
      'permitted',
    );
    expect(setRowValue(description, 'centreHoles', 'maybe')).toEqual({
      error: "Type 'permitted' or 'not permitted'.",
    });
    expect(removeRow(set.description, 'centreHoles').features.centreHoles).toBeUndefined();
  });

  it('are asked of a slender part only, and only while not answered', () => {
    expect(centreHoleQuestion(slender())).toMatch(
      /^The part is 7\.9 times as long as its stiffness diameter/,
    );
    const short = farOutside([diameter(24, 40), diameter(30, 20)], undefined, '6061-T6');
    expect(centreHoleQuestion(short)).toBeUndefined();
    const answered = slender();
    answered.features.centreHoles = 'not permitted';
    expect(centreHoleQuestion(answered)).toBeUndefined();
    // Asked once, however often the analysis runs.
    const again = analysisOf(analysisOf(slender()).description).description;
    expect(again.unresolved!.filter((entry) => /centre hole/.test(entry))).toHaveLength(1);
  });
});
