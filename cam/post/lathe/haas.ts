/**
 * Haas NGC lathe dialect: Fanuc-style (G99, G50 S clamp, G96) with five-digit program numbers
 * "O01001", tool calls "T101" (tool 1, offset 1), and the turret sent home with "G53 G00 X0."
 * then "G53 G00 Z0." (X first, away from the part), per the Haas lathe operator's manual
 * (NGC), G-code and tool function chapters. Threads: one-block G76 (see haasThreadLines);
 * tapping: G84 without M29 (see haasTapLines).
 */
import { lathePost } from './common.ts';
import { fanucStyleFlavour, haasTapLines, haasThreadLines } from './fanuc.ts';

export const haasPost = lathePost(
  fanucStyleFlavour({
    dialect: 'haas',
    label: 'Haas NGC',
    programNumber: (number) => `O${String(number).padStart(5, '0')}`,
    toolCall: (tool) => `T${tool}${String(tool).padStart(2, '0')}`,
    home: ['G53 G00 X0.', 'G53 G00 Z0.'],
    thread: haasThreadLines,
    tap: haasTapLines,
  }),
);
