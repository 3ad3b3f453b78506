import { describe, expect, it } from 'vitest';
import { claudeTools, toolDefinitions } from '#server/assistant/claude/tools';
import { combineOverrides } from '#server/qbot/program-job';
import { steppedShaft } from '#tests/helpers/parts';

describe("Claude's tools", () => {
  it('are generated from the zod schemas, one per answer, with object input schemas', () => {
    expect(toolDefinitions.map((tool) => tool.name)).toEqual([
      'record_blueprint_description',
      'record_plan_advice',
      'record_simulation_analysis',
      'reply_to_user',
    ]);
    const describe = toolDefinitions[0]!.input_schema as unknown as {
      type: string;
      required: string[];
      properties: { description: { properties: Record<string, unknown>; required: string[] } };
    };
    expect(describe.type).toBe('object');
    expect(describe.required).toEqual(['description']);
    // The spec's description fields are all there and required; `source` is the product's.
    expect(describe.properties.description.required).toEqual([
      'overview',
      'materialSpecs',
      'outerDiameters',
      'innerDiameters',
      'features',
      'dimensions',
      'surfaceFinish',
    ]);
    expect(describe.properties.description.properties).not.toHaveProperty('source');
    expect(JSON.stringify(toolDefinitions)).not.toContain('$schema');
  });

  it('accept a well-formed answer and refuse one that breaks the schema', () => {
    const { source: _source, ...description } = steppedShaft;
    expect(claudeTools.record_blueprint_description.schema.safeParse({ description }).success).toBe(
      true,
    );
    const simulation = claudeTools.record_simulation_analysis.schema;
    const answer = {
      analysis: 'Chatter.',
      recommendations: [],
      safetyNotes: [],
      requiresNewGcode: true,
      suggestedChanges: { feedRate: '', spindleSpeed: '', toolPath: '', depthOfCut: '' },
      overrides: { surfaceSpeedFactor: 0.8 },
    };
    expect(simulation.safeParse(answer).success).toBe(true);
    // Factors outside 0.5–1.5 and unknown overrides are refused, not applied.
    expect(simulation.safeParse({ ...answer, overrides: { surfaceSpeedFactor: 3 } }).success).toBe(
      false,
    );
    expect(simulation.safeParse({ ...answer, overrides: { spindleRpm: 9000 } }).success).toBe(
      false,
    );
  });
});

describe('combineOverrides', () => {
  it('multiplies factors, keeps the larger clearance and clamps to safe limits', () => {
    expect(combineOverrides({ surfaceSpeedFactor: 0.8 }, { surfaceSpeedFactor: 0.8 })).toEqual({
      surfaceSpeedFactor: 0.64,
    });
    expect(combineOverrides({ clearanceMm: 5 }, { clearanceMm: 3 })).toEqual({ clearanceMm: 5 });
    let overrides = {};
    for (let step = 0; step < 10; step += 1)
      overrides = combineOverrides(overrides, { feedFactor: 0.5, clearanceMm: 40 });
    expect(overrides).toEqual({ feedFactor: 0.25, clearanceMm: 25 });
    expect(combineOverrides(undefined, { spindleRpm: 9000, feedFactor: Number.NaN })).toEqual({});
  });
});
