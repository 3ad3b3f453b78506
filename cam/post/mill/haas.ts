/**
 * Haas NGC mill dialect: as Fanuc (cam/post/mill/fanuc.ts) with a five-digit program number
 * "O01234", "G53 G00 Z0." to send the spindle home, and G84 tapping without M29 (Haas mills tap
 * rigidly by default). Per the Haas Mill Operator's Manual (NGC), G-codes G43, G53, G73–G89.
 */
import { millPost } from './common.ts';
import { fanucStyleFlavour } from './fanuc.ts';

const flavour = fanucStyleFlavour({
  dialect: 'haas',
  label: 'Haas NGC',
  programNumber: (number) => `O${String(number).padStart(5, '0')}`,
  home: ['G53 G00 Z0.'],
  rigidTapping: false,
});

export const haasMillPost = millPost(flavour);
