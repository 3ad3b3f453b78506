/**
 * Klartext path blocks: straight lines `L`, the circle centre `CC`, circular paths `C` (about
 * CC), `CR` (by radius) and `CP` (polar, about CC: helices), their M functions run around them
 * (functions.ts).
 *
 * Sources: HEIDENHAIN TNC 640 User's Manual HEIDENHAIN Conversational Programming (34059x-05,
 * 1/2015), "Path functions" (L, CC, C, CR, CP; DR+ counter-clockwise, DR- clockwise; CR with R+
 * for a centre angle up to 180°, R- beyond; R0/RL/RR; F modal, FMAX in its block only; "Helical
 * interpolation", CP with IPA and IZ), "Miscellaneous functions" (M91/M92: coordinates in
 * machine coordinates, reported as a home of the axes named). Incremental (IX, IY, IZ) and polar
 * (LP) straight lines, chamfers, roundings and FK contours are not written by this product and
 * are reported as errors.
 */
import { arcTo } from '../arcs.ts';
import type { MotionEvent, Point3 } from '../events.ts';
import { blockEnd, blockStart, blockWords } from './functions.ts';
import type { BlockEnd } from './functions.ts';
import { axisBit } from './state.ts';
import type { KlartextState } from './state.ts';
import type { BlockWords } from './words.ts';

/** The axis words X, Y, Z of a block as an end point (the current position for those not named). */
function endPoint(state: KlartextState, words: BlockWords): { to: Point3; axes: number } {
  const { values } = words;
  let axes = 0;
  if (values.has('X')) axes |= axisBit.X;
  if (values.has('Y')) axes |= axisBit.Y;
  if (values.has('Z')) axes |= axisBit.Z;
  return {
    to: {
      x: values.get('X') ?? state.x,
      y: values.get('Y') ?? state.y,
      z: values.get('Z') ?? state.z,
    },
    axes,
  };
}

/**
 * An L block: its start functions, the straight move (FMAX: rapid; else at the modal feed),
 * or with M91/M92 a move in machine coordinates (reported as a home of the axes named), then its
 * end functions.
 */
export function lineBlock(state: KlartextState, text: string, end: BlockEnd): void {
  const words = blockWords(state, 'L', text);
  if (!words) return;
  if (['DR+', 'DR-'].some((flag) => words.flags.has(flag)) || words.values.has('R')) {
    state.error('L block: DR and R belong to circular paths (C, CR)');
    return;
  }
  blockStart(state, words);
  const { to, axes } = endPoint(state, words);
  if (axes && (words.m.includes(91) || words.m.includes(92))) state.forget(axes);
  else if (axes) state.emit(words.flags.has('FMAX') ? 'rapid' : 'feed', to, axes);
  blockEnd(state, words, end);
}

/** CC: the circle centre for C and CP (no move); an axis not named is the tool's. */
export function centerBlock(state: KlartextState, text: string): void {
  const words = blockWords(state, 'CC', text);
  if (!words) return;
  if (words.m.length || words.flags.size || words.values.has('Z') || words.values.has('F')) {
    state.error('CC block: only X and Y (the circle centre) belong in it');
    return;
  }
  const { values } = words;
  if (
    (!values.has('X') && !(state.known & axisBit.X)) ||
    (!values.has('Y') && !(state.known & axisBit.Y))
  ) {
    state.error('CC block: a circle centre taken from an unknown position');
    return;
  }
  state.center = { x: values.get('X') ?? state.x, y: values.get('Y') ?? state.y };
}

/** The direction of a circular block: DR- clockwise, DR+ counter-clockwise; null (reported) without one. */
function direction(state: KlartextState, what: string, words: BlockWords): boolean | null {
  const cw = words.flags.has('DR-');
  if (cw === words.flags.has('DR+')) {
    state.error(`${what} block: give the direction of rotation, DR+ or DR-`);
    return null;
  }
  return cw;
}

/** The arc move of a circular block, its start and end functions around it. */
function arcMove(
  state: KlartextState,
  what: string,
  words: BlockWords,
  end: BlockEnd,
  arcOf: () => { to: Point3; arc: MotionEvent['arc'] | null } | null,
): void {
  if (state.known !== axisBit.all) {
    state.error(`${what} block: a circular path from an unknown position`);
    return;
  }
  blockStart(state, words);
  const move = arcOf();
  if (move?.arc) state.emit('arc', move.to, axisBit.all, { arc: move.arc });
  blockEnd(state, words, end);
}

/** An arc start that names the block in its problems. */
const arcStart = (state: KlartextState, what: string) => ({
  x: state.x,
  y: state.y,
  z: state.z,
  error: (message: string) => state.error(`${what} block: ${message}`),
});

/** C: a circular path about CC to X, Y (and Z: a helix). */
export function circleBlock(state: KlartextState, text: string, end: BlockEnd): void {
  const words = blockWords(state, 'C', text);
  if (!words) return;
  const clockwise = direction(state, 'C', words);
  if (clockwise === null) return;
  const center = state.center;
  if (!center) {
    state.error('C block: no circle centre CC is defined before it');
    return;
  }
  arcMove(state, 'C', words, end, () => {
    const { to } = endPoint(state, words);
    const i = center.x - state.x;
    const j = center.y - state.y;
    return { to, arc: arcTo(arcStart(state, 'C'), to, clockwise, 17, false, i, j, NaN, NaN) };
  });
}

/** CR: a circular path of radius R to X, Y (R- the longer way round). */
export function radiusBlock(state: KlartextState, text: string, end: BlockEnd): void {
  const words = blockWords(state, 'CR', text);
  if (!words) return;
  const clockwise = direction(state, 'CR', words);
  if (clockwise === null) return;
  const r = words.values.get('R');
  if (r === undefined || r === 0) {
    state.error('CR block: give the radius R');
    return;
  }
  arcMove(state, 'CR', words, end, () => {
    const { to } = endPoint(state, words);
    return { to, arc: arcTo(arcStart(state, 'CR'), to, clockwise, 17, false, NaN, NaN, NaN, r) };
  });
}

/** CP: a polar circular path about CC by IPA (incremental) or to PA (absolute), degrees; IZ/Z: a helix. */
export function polarBlock(state: KlartextState, text: string, end: BlockEnd): void {
  const words = blockWords(state, 'CP', text);
  if (!words) return;
  const clockwise = direction(state, 'CP', words);
  if (clockwise === null) return;
  const center = state.center;
  const { values } = words;
  if (!center || values.has('IPA') === values.has('PA') || (values.has('IZ') && values.has('Z'))) {
    state.error(
      center
        ? 'CP block: give the angle as IPA or PA, and Z or IZ at most once'
        : 'CP block: no circle centre CC is defined before it',
    );
    return;
  }
  const ipa = values.get('IPA');
  if (ipa !== undefined && (ipa === 0 || ipa < 0 !== clockwise)) {
    state.error('CP block: the sign of IPA must be the direction DR (IPA- with DR-)');
    return;
  }
  arcMove(state, 'CP', words, end, () => {
    const radius = Math.hypot(state.x - center.x, state.y - center.y);
    const start = Math.atan2(state.y - center.y, state.x - center.x);
    const angle =
      ipa !== undefined ? start + (ipa * Math.PI) / 180 : (values.get('PA')! * Math.PI) / 180;
    const z = values.has('IZ') ? state.z + values.get('IZ')! : (values.get('Z') ?? state.z);
    const to = {
      x: center.x + radius * Math.cos(angle),
      y: center.y + radius * Math.sin(angle),
      z,
    };
    return {
      to,
      arc: { center: { x: center.x, y: center.y, z: state.z }, clockwise, plane: 'XY' },
    };
  });
}
