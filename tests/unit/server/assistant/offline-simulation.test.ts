import { describe, expect, it } from 'vitest';
import { emptyDescription } from '#contracts/blueprint';
import type { BlueprintAnalysis } from '#contracts/blueprint';
import { analyzeSimulationOffline } from '#server/assistant/offline/simulation';

const analysis: BlueprintAnalysis = {
  description: emptyDescription('A test shaft'),
  materials: [],
  tools: [],
  materialSize: '',
};

const analyze = (feedback: string, warnings: string[] = []) =>
  analyzeSimulationOffline({
    feedback,
    analysis,
    program: { gcode: '', checksPassed: true, warnings, operations: [] },
  });

describe('the offline simulation analysis', () => {
  it.each([
    ['Heavy chatter on the long diameter', { surfaceSpeedFactor: 0.8, depthOfCutFactor: 0.7 }],
    [
      'The surface finish is rough, feed marks everywhere',
      { finishFeedFactor: 0.7, surfaceSpeedFactor: 1.1 },
    ],
    ['The insert is worn after two parts', { surfaceSpeedFactor: 0.75 }],
    ['The tool hit the chuck on the way back', { clearanceMm: 5 }],
    ['The drill broke halfway in', { feedFactor: 0.7, depthOfCutFactor: 0.7 }],
    ['The cycle is too slow for a batch of 200', { feedFactor: 1.15, depthOfCutFactor: 1.25 }],
  ])('"%s" asks for a new program with %j', (feedback, overrides) => {
    const result = analyze(feedback);
    expect(result.requiresNewGcode).toBe(true);
    expect(result.overrides).toEqual(overrides);
    expect(result.analysis).not.toBe('');
    expect(result.recommendations.length).toBeGreaterThan(0);
  });

  it('states each concrete change in the suggested changes', () => {
    const chatter = analyze('It chattered badly').suggestedChanges;
    expect(chatter.spindleSpeed).toBe('Surface speeds 20 % lower.');
    expect(chatter.depthOfCut).toBe('Roughing depth of cut 30 % smaller.');
    expect(chatter.feedRate).toBe('No change.');
    expect(analyze('It crashed into the stock').suggestedChanges.toolPath).toBe(
      'Approach and retract 5 mm clear of the stock (was 2 mm).',
    );
  });

  it('multiplies the factors of several problems and keeps safety notes once', () => {
    const result = analyze('Chatter, and the insert wore out fast');
    expect(result.overrides).toEqual({ surfaceSpeedFactor: 0.6, depthOfCutFactor: 0.7 });
    expect(new Set(result.safetyNotes).size).toBe(result.safetyNotes.length);
  });

  it('ignores problems the operator says are absent, and words that only contain them', () => {
    expect(analyze('No chatter, but the finish is rough').overrides).toEqual({
      finishFeedFactor: 0.7,
      surfaceSpeedFactor: 1.1,
    });
    expect(analyze("It didn't hit anything; the cycle takes forever").overrides).toEqual({
      feedFactor: 1.15,
      depthOfCutFactor: 1.25,
    });
    // "white", "extra", "finishing pass", "limited", "shot" name no problem.
    const result = analyze('White chips on the finishing pass, extra coolant, limited shot');
    expect(result.requiresNewGcode).toBe(false);
  });

  it('asks for a clearer description when it names no known problem, with the verifier warnings', () => {
    const result = analyze('Something looks off', ['Check the stick-out: 95 mm from the jaws.']);
    expect(result.requiresNewGcode).toBe(false);
    expect(result.overrides).toBeUndefined();
    expect(result.analysis).toContain('"Something looks off"');
    expect(result.safetyNotes).toEqual(['Check the stick-out: 95 mm from the jaws.']);
    expect(Object.values(result.suggestedChanges)).toEqual(Array(4).fill('No change.'));
  });
});

describe('feedback with several complaints', () => {
  it('answers each complaint on its own: a cause and a change, or why none', () => {
    const result = analyze(
      'Heavy chatter on the long diameter, a pip left at part-off and Ø20 is 0.04 mm oversize',
    );
    // Three complaints, numbered in the operator's order, each with its own answer.
    expect(result.analysis).toMatch(/^1\. "Heavy chatter on the long diameter": .*chatter/);
    expect(result.analysis).toMatch(
      /2\. "a pip left at part-off": A pip at the part-off is not changed/,
    );
    expect(result.analysis).toMatch(
      /3\. "Ø20 is 0\.04 mm oversize": A size off .* wear offset at the control \(-0\.04 mm/,
    );
    // Only the chatter changes the program; the others are said to need none.
    expect(result.overrides).toEqual({ surfaceSpeedFactor: 0.8, depthOfCutFactor: 0.7 });
    expect(result.requiresNewGcode).toBe(true);
    expect(result.recommendations.join(' ')).toMatch(/centre height/);
  });

  it('names a complaint it cannot place beside those it can, and changes nothing for it', () => {
    const result = analyze('The finish is rough, and the door squeaks oddly');
    expect(result.analysis).toMatch(/1\. "The finish is rough": /);
    expect(result.analysis).toMatch(/2\. "the door squeaks oddly": I could not tell/);
  });

  it('proposes no new program when no complaint calls for a program change', () => {
    const result = analyze('There is a pip at the cut-off');
    expect(result.requiresNewGcode).toBe(false);
    expect(result.overrides).toBeUndefined();
    expect(result.analysis).toMatch(/^A pip at the part-off is not changed in the program/);
  });
});
