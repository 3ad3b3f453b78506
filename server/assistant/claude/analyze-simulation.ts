/**
 * The Claude provider's `analyzeSimulation`: Claude analyses what went wrong when the operator
 * simulated the program, from their report, the program (cut in the middle when long) and its
 * verifier checks, and records what to change (record_simulation_analysis), with the overrides
 * regeneration applies.
 */
import type { z } from 'zod';
import type { AssistantProvider } from '../types.ts';
import type { ClaudeCall } from './call.ts';
import type { claudeTools } from './tools.ts';
import { descriptionNote, drawingIfMissing } from './turns.ts';

/** Most G-code characters sent with simulation feedback (long programs are cut in the middle). */
const maxProgramChars = 40_000;

/**
 * `analyzeSimulation` through `claude`.
 * @throws the call's AppError (./errors.ts)
 */
export function analyzeSimulationWith(claude: ClaudeCall): AssistantProvider['analyzeSimulation'] {
  return async (context, call) => {
    const program = context.program;
    const gcode =
      program && program.gcode.length > maxProgramChars
        ? `${program.gcode.slice(0, maxProgramChars / 2)}\n(… ${program.gcode.length - maxProgramChars} characters left out …)\n${program.gcode.slice(-maxProgramChars / 2)}`
        : program?.gcode;
    const input = await claude.converse<
      z.infer<(typeof claudeTools)['record_simulation_analysis']['schema']>
    >(call, 'analyzeSimulation', 'record_simulation_analysis', async (history) => [
      ...(await drawingIfMissing(claude.db, call, history)),
      {
        type: 'text',
        text: [
          descriptionNote(history, context.analysis),
          `The operator simulated the program and reports:\n"""${context.feedback}"""`,
          program
            ? `The program's operations: ${program.operations.join('; ')}\nWarnings: ${program.warnings.join('; ') || 'none'}\nVerifier checks: ${(context.checks ?? []).map((check) => `${check.passed ? 'passed' : 'FAILED'}: ${check.title}${check.details.length ? ` (${check.details.join('; ')})` : ''}`).join('; ') || 'not available'}\nOverrides already applied: ${JSON.stringify(context.appliedOverrides ?? {})}\nThe program:\n${gcode}`
            : 'No program was written yet.',
          'Analyse what went wrong and record what to change.',
        ].join('\n'),
      },
    ]);
    const overrides = Object.fromEntries(
      Object.entries(input.overrides).filter(
        (entry): entry is [string, number] => entry[1] !== undefined,
      ),
    );
    return {
      analysis: input.analysis,
      recommendations: input.recommendations,
      safetyNotes: input.safetyNotes,
      requiresNewGcode: input.requiresNewGcode,
      suggestedChanges: input.suggestedChanges,
      ...(Object.keys(overrides).length > 0 ? { overrides } : {}),
    };
  };
}
