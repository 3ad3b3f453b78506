/**
 * Issue 7's "done when", held to issue 14's promise: without an API key, every drawing in
 * ../shared/blueprints/lathe reaches a program after at most one 'Change', through the API as the
 * browser drives it (the demo shop's Tormach 15L, the offline provider). A program is verified
 * only when the simulation shows nothing of the drawing left; otherwise it is 'incomplete' and
 * says what is left and why. Each drawing's one change, when it needs one, is what an operator
 * reading the drawing would type for what the reader left open.
 */
import { describe, expect, it } from 'vitest';
import type { BlueprintDescription } from '#contracts/blueprint';
import { drawingsIn, useDemoShop } from '../helpers/blueprint-runs.ts';
import { blueprint, chooseJob } from '../helpers/qbot.ts';

/**
 * The one change per drawing (read off the drawing by a person), or none when the reader's
 * description is enough. Only what the reader could not determine is given.
 */
const changes: Record<string, string | undefined> = {
  // The section's line work gives the profile and bores; its countersink's cone is not read.
  'Candle_holder.jpg': 'bore Ø21.5 through, remove the Ø25.5 bore',
  // The drawing names no material ('Reference only'): the shop chooses one; OCR misses the
  // flange's 20 (read from the section's line work: hub, root chamfer, flange, bore).
  'BM_part.jpg': 'Ø140 x 20 long, material C45 steel',
  // The section's line work gives the lands, the groove and the M8 x 16 (drawn at its tap
  // drill); the groove's 2.5 +0.2/0 is written in the 20:1 detail, which is not read.
  'LIU0010.jpg': 'Ø16.5 x 2.5 long',
  // "875 mm or longer (not to scale)": only the reamer's end is turned here, from bar.
  'long_reamer_facer.dxf': 'Ø15.48 is 35 long, overall length 60',
  'long_reamer_facer.pdf': 'Ø15.48 is 35 long, overall length 60',
};

/**
 * What each drawing's program leaves undone on the demo Tormach 15L with its tools, and why: a
 * verified program leaves nothing. Each entry matches one sentence of `unfinished`.
 */
const leftUndone: Record<string, RegExp[]> = {
  // A Ø140 flange on a Ø60 hub (the hub at the free end): the bar is too large for the blade to
  // part off, so it is turned from a sawn blank and its stub faced off in a second setup (058).
  'BM_part.jpg': [
    // The flange's four Ø15 holes (and its milled outline) are no lathe work: the callout is
    // named as placed on no diameter, not silently left out.
    // The end view's 'R70 REF' outline, OCR'd as 'R10': a radius no corner of the profile has.
    /^what the drawing writes as "R10": it is a radius the drawing writes that no corner/,
    /^what the drawing writes as "Ø15": it is placed on no diameter of the profile/,
  ],
  // 'Candle_holder.jpg': its Ø38 H12 bore at the chuck end is made in a second setup (048).
  // 'Gripper.PDF': its bosses beside the axis turned as their Ø60.59 envelope, milled after
  // (096); PLA on a Ø75 bar, too deep for the blade to part off: a sawn blank (058).
  // The Ra 0,8 and 1,6 of the 20:1 detail are read as lengths no line gives: held until the
  // operator removes them in the values table. The tapped hole (decision 051): the demo 15L has
  // neither the Ø6.8 tap drill nor an M8 tap, and says so.
  'LIU0010.jpg': [
    // The groove's corners (R0.2 at its bottom, R0.15 at its edges) are not read onto the profile.
    /^what the drawing writes as "2x R0,2": it is a radius the drawing writes that no corner/,
    /^what the drawing writes as "\\ 2x R0,15": it is a radius the drawing writes that no corner/,
    /^what the drawing writes as "0,8": it is written beside no dimension line/,
    /^what the drawing writes as "1,6": it is written beside no dimension line/,
    /^the internal thread M8 x 16 deep: no selected twist drill is its Ø6\.8 mm tap drill \(ISO 2306, within 0\.1 mm\); a Ø6\.8 mm twist drill and an M8x1\.25 tap would make it$/,
  ],
  // A Ø4-ish shaft 33 mm out of the jaws: too slender to be turned without support (063).
  'shaft.step': [
    // The 1 mm slot across the Ø5 end is milled, not turned: named, never left in silence.
    /^what the drawing writes as "a slot 1 mm wide \(faces 10 and 12\), 23\.1 to 24\.1 mm from the free end": it is not turned/,
    /^unsupported stick-out: the part sticks out 33\.1 mm, 8\.2 times its stiffness diameter Ø4 /,
  ],
  // Chamfers on the far side of a step and at the parted-off end, and a 0.55 mm groove.
  'vwheel_b17021_rev_3.pdf': [
    // A bearing seat from each end: the far one is made in a second setup (048). The wheel is
    // one diameter end to end, so its free end is the drawing's left end (decision 065): the
    // V's flanks read as chamfers at 3.475 and 4.025 mm, each (4.5 − 0.55) / 2 from the V's
    // written top width (decision 077).
    /^the chamfer 1\.975 x 45° at 3\.475 mm /,
    // The bearing seats' Ø15.95 ±0.026 fits two bores of that size (decision 065).
    /^what the drawing writes as "Ø15\.95 \+0\.026\/-0\.026": it matches more than one diameter/,
    // Two chamfers read on the free end's edge: the first (0.1 x 45°) is turned, the second
    // named. The 0.3 x 45° chamfers are the bearing seats' mouths (059), bored with the seats.
    /^the chamfer 0\.2 x 45° at the free end, on Ø23\.5: another chamfer is read on the same edge/,
    /^the chamfer 1\.975 x 45° at 4\.025 mm /,
    /^the groove Ø18\.75 \(0\.55 mm wide\): .*add a grooving blade of at most 0\.55 mm$/,
  ],
};

const shop = useDemoShop(/15L/);
const drawings = drawingsIn('lathe');

describe('every lathe drawing to a program with at most one change, verified or saying what is left', () => {
  it('finds the lathe drawings', () => {
    expect(drawings.length).toBeGreaterThanOrEqual(8);
  });

  it.each(drawings)(
    '%s',
    async (name) => {
      const threadId = await shop.client.start();
      const upload = await shop.client.upload(threadId, name, blueprint(`lathe/${name}`));
      expect(upload.statusCode, upload.body).toBe(200);
      let analysis = upload.json<{
        description: BlueprintDescription;
        materials: { name: string }[];
        imageUrl: string;
      }>();
      const change = changes[name];
      if (change) {
        expect(
          (await shop.client.event(threadId, { type: 'description.change.requested' })).statusCode,
        ).toBe(200);
        const revised = await shop.client.post('/api/qbot/updateDescriptionClaude', {
          threadId,
          feedback: change,
        });
        expect(revised.statusCode, revised.body).toBe(200);
        analysis = { ...analysis, ...revised.json<typeof analysis>() };
      }
      expect(analysis.description.outerDiameters.length).toBeGreaterThan(0);
      await chooseJob(shop.client, threadId, shop.machineId, analysis.materials[0]!.name);
      const response = await shop.client.post('/api/qbot/processBlueprintClaude', {
        thread_id: threadId,
        imageUrl: analysis.imageUrl,
        promptHelper: {},
      });
      expect(response.statusCode, response.body).toBe(200);
      const program = response.json<{ verified: boolean; status: string; unfinished: string[] }>();
      const expected = leftUndone[name] ?? [];
      expect(program.status, response.body).toBe(expected.length === 0 ? 'verified' : 'incomplete');
      expect(program.verified).toBe(expected.length === 0);
      expect(program.unfinished, program.unfinished.join('\n')).toHaveLength(expected.length);
      expected.forEach((pattern, index) => expect(program.unfinished[index]).toMatch(pattern));
    },
    180_000,
  );
});
