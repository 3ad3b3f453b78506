/**
 * Issue 33's "a test per blueprint" for the plates: every drawing in ../shared/blueprints/mill-edm
 * reaches a program on the demo shop's Tormach 1100MX with its tools, through the API as the
 * browser drives it (the offline provider), with at most the answers the drawing cannot give:
 * the stock's thickness at the size step when the drawing has no side view (answered with the
 * thickness alone, as the step asks), else the suggested stock. A program is verified only when
 * the simulation shows nothing of the drawing left; otherwise it is 'incomplete' and each entry
 * below is one sentence of what it leaves and why, mostly tools the demo mill does not hold.
 */
import { describe, expect, it } from 'vitest';
import { STOCK_WITHOUT_THICKNESS } from '#contracts/stock-size';
import { drawingsIn, useDemoShop } from '../helpers/blueprint-runs.ts';
import { blueprint, chooseJob } from '../helpers/qbot.ts';

/**
 * The thickness answered at the size step, for drawings that draw one view only: P0011 is 6 mm
 * plate (its own STEP model says so); FLH-001 names none anywhere (10 mm, the plate the other
 * job-type tests use); the MakerSlide profile is cut as a 10 mm slice of the extrusion. Others
 * take the suggested stock.
 */
const thickness: Record<string, string | undefined> = {
  'FLH-001.dxf': '10 mm',
  'P0011_REV_E.pdf': '6 mm',
  'makerslide_b17022.dxf': '10 mm',
  'makerslide_b17022_rev_2.pdf': '10 mm',
};

/**
 * What each drawing's program leaves undone on the demo Tormach 1100MX, one sentence each, in
 * order (verified when none); or, for a model with many small features, how many sentences and
 * a pattern each one matches. The demo mill holds end mills of Ø10, Ø6 and Ø2 with 22, 13 and
 * 6 mm of flute and drills of Ø2, 6.6, 6.8, 8.4 and 13: most of what is left needs another tool,
 * and each sentence names it.
 */
const leftUndone: Record<string, RegExp[] | { count: number; each: RegExp }> = {
  // Ø11 under its Ø18 counterbore is milled from the counterbore's floor (aa0a91c).
  'Adapterplatte.PDF': [],
  // A step the top view does not draw, Ø3.4 holes and R2.45 inside corners without their tools.
  'Aufspannung.PDF': [
    /^The drawing writes 4\.00 \+0\.10\/-0\.20, which the top view does not hold/,
    /^Ø3\.4 ±0\.1: no Ø3\.4 drill is selected, .* add a Ø3\.4 drill/,
    /^Outside contour: no selected end mill fits its R2\.45 mm inside corners; add an end mill of Ø4\.9 or less/,
  ],
  // The star cut-out's inside corners want an end mill of Ø3.4 or less that reaches 9.5 mm.
  'FLH-001.dxf': [/^Cut-out 79\.68 × 56 mm: .*add an end mill of Ø3\.4 or less/],
  // The engraved "P0011" is drawn as open chains and small contours: named, not cut.
  'P0011_REV_E.pdf': [
    // Circles drawn around the M3 holes and the Ø3.2 holes that no callout sizes (decision 073).
    /^The drawing writes "Ø3\.54 around 4 holes of Ø2\.52", which is a circle drawn around a hole/,
    /^The drawing writes "Ø6\.71 around 2 holes of Ø3\.2", which is a circle drawn around a hole/,
    // The two kidney-shaped cut-outs beside the middle holes (their chains closed since 084).
    /^Cut-out 3\.66 × 8\.13 mm: /,
    /^Cut-out 3\.64 × 8\.13 mm: /,
    /^Cut-out 1\.61 × 6\.22 mm: /,
    /^Cut-out 1\.59 × 6\.22 mm: /,
    /^M3 X\.5 tapped through, tap drill Ø2\.5: no Ø2\.5 tap drill is selected; add a Ø2\.5 drill and a tap/,
    /^Outside contour: no selected end mill fits its R0\.6 mm inside corners/,
  ],
  // The model's engraved lettering and small features, each naming the tool it needs; a floor
  // that runs out to the outline along a curved edge is a step this version does not mill
  // (decision 066: straight edges only; before, a pocket its end mills did not fit).
  'P0011_REV_E.step': {
    count: 39,
    each: /^(?:(?:Pocket \d+|Cut-out \d+|Ø[\d.]+|Outside contour): .*add an? |Step \d+: its edge is not a straight line)/,
  },
  // 25.5 mm deep everywhere: longer than every demo tool's flutes.
  'flange.dxf': [
    // The Ø30 and Ø40 circles around the Ø28 bore: drawn, not sized (decision 073).
    /^The drawing writes "Ø30 around the Ø28 hole", which is a circle drawn around a hole/,
    /^The drawing writes "Ø40 around the Ø28 hole", which is a circle drawn around a hole/,
    /^Slot 2 wide, 6 long: no selected end mill has flutes long enough for its 25\.5 mm depth/,
    /^Ø28: no Ø28 drill is selected/,
    /^Ø2: T11 Ø2 drill is too short for its 26\.1 mm depth/,
    /^Outside contour: no end mill has flutes longer than 25\.5 mm/,
  ],
  'flange.png': [
    // The slots' 60, 6 and 2, read beside their lines and named (decision 090).
    /^The drawing writes 60, 6, 2, which the top view does not hold/,
    // The Ø30 step and the Ø40 recess around the bore, traced as circles of their own and sized by
    // no callout (decision 093: the bore takes the 28 written across it).
    /^The drawing writes "Ø29\.\d+ around the Ø28 hole", which is a circle drawn around a hole/,
    /^The drawing writes "Ø39\.\d+ around the Ø28 hole", which is a circle drawn around a hole/,
    // A slot's side, broken where values and lines cross it on the scan, closes no contour:
    // named, not left out in silence (decision 072).
    /^The drawing writes "lines of 0\.\d+ × [56]\.\d+ mm at X4\.\d+ Y2[01](\.\d+)?", which closes no contour/,
    // The other slot's broken side, traced whole enough since decision 094 to be seen, is named
    // the same way.
    /^The drawing writes "lines of \d\.\d+ × [56]\.\d+ mm at X6\d(\.\d+)? Y2[01](\.\d+)?", which closes no contour/,
    // The one bolt hole whose circle closes, traced Ø1.65 (Ø2 drawn), held (decision 093).
    /^The drawing writes "Ø1\.\d+", which is a hole traced from the scan/,
    /^Ø1\.\d+: no Ø1\.\d+ drill is selected/,
    /^Ø28: no Ø28 drill is selected/,
    /^Outside contour: no end mill has flutes longer than 25\.\d+ mm/,
  ],
  'makerslide_b17022.dxf': [
    /^Cut-out 22 × 16 mm: .*add an end mill of Ø0\.45 or less/,
    /^Ø4\.2: no Ø4\.2 drill is selected/,
    /^Outside contour: no selected end mill fits its R0\.25 mm inside corners/,
  ],
  'makerslide_b17022_rev_2.pdf': [
    /^Cut-out 22 × 16 mm: .*add an end mill of Ø0\.45 or less/,
    /^Ø4\.2: no Ø4\.2 drill is selected/,
    /^Outside contour: no selected end mill fits its R0\.25 mm inside corners/,
  ],
};

const shop = useDemoShop(/1100MX/);
const drawings = drawingsIn('mill-edm');

describe('every plate drawing to a program with at most the answers it cannot give', () => {
  it('finds the plate drawings', () => {
    expect(drawings.length).toBeGreaterThanOrEqual(9);
  });

  it.each(drawings)(
    '%s',
    async (name) => {
      const threadId = await shop.client.start();
      const upload = await shop.client.upload(threadId, name, blueprint(`mill-edm/${name}`));
      expect(upload.statusCode, upload.body).toBe(200);
      const analysis = upload.json<{
        materials: { name: string }[];
        imageUrl: string;
        materialSize: unknown;
      }>();
      // The size step asks for the thickness exactly when the drawing does not give it.
      const asks =
        typeof analysis.materialSize === 'string' &&
        analysis.materialSize.includes(STOCK_WITHOUT_THICKNESS);
      expect(asks, JSON.stringify(analysis.materialSize)).toBe(thickness[name] !== undefined);
      await chooseJob(shop.client, threadId, shop.machineId, analysis.materials[0]!.name, {
        jobType: 'Milling',
        size: thickness[name] ?? '',
      });
      const response = await shop.client.post('/api/qbot/processBlueprintClaude', {
        thread_id: threadId,
        imageUrl: analysis.imageUrl,
        promptHelper: {},
      });
      expect(response.statusCode, response.body).toBe(200);
      const program = response.json<{ verified: boolean; status: string; unfinished: string[] }>();
      const expected = leftUndone[name];
      expect(expected, `${name} has its expectation`).toBeDefined();
      const patterns = Array.isArray(expected)
        ? expected
        : Array.from({ length: expected!.count }, () => expected!.each);
      expect(program.status, response.body).toBe(patterns.length === 0 ? 'verified' : 'incomplete');
      expect(program.verified).toBe(patterns.length === 0);
      expect(program.unfinished, program.unfinished.join('\n')).toHaveLength(patterns.length);
      patterns.forEach((pattern, index) => expect(program.unfinished[index]).toMatch(pattern));
    },
    180_000,
  );
});
