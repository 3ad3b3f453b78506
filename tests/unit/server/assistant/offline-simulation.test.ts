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
