/**
 * The offline reading of simulation feedback: the kind of problem the operator describes, what
 * to change, and the explicit overrides regeneration applies (cam/program CuttingOverrides).
 *
 * Remedies follow the usual turning troubleshooting guides (Sandvik Coromant, "Turning:
 * troubleshooting"; Machinery's Handbook, "Machining problems"): chatter calls for lower speed
 * and depth of cut, poor finish for a lower finishing feed, fast wear for lower speed, a
 * collision for more clearance, a slow cycle for higher feed and depth where the machine is rigid.
 */
import type { SimulationAnalysis } from '#contracts/qbot-workflow';
import type { SimulationContext } from '../types.ts';

interface Problem {
  name: string;
  pattern: RegExp;
  /** What regeneration changes for it; empty when a program change cannot help (said why). */
  overrides: Record<string, number>;
  /** Its cause and what is done about it, for the complaint that names it. */
  analysis: string | ((complaint: string) => string);
  recommendations: string[];
  safetyNotes: string[];
  changes: Partial<SimulationAnalysis['suggestedChanges']>;
}

const problems: Problem[] = [
  {
    name: 'collision',
    pattern:
      /\b(collid\w*|collision|crash\w*|gouge\w*|hits?|struck|strikes?|overtravel\w*)\b|\btouch(ed|es)? the (chuck|jaws?|part|stock|tailstock)\b|\brapid\w*\b.*\b(into|through)\b|\blimit (alarm|switch|error)|\bout of (travel|limits)\b/i,
    overrides: { clearanceMm: 5 },
    analysis:
      'The simulation shows the tool meeting the part, the stock or the chuck where it should not.',
    recommendations: [
      'Keep approaches and retracts 5 mm clear of the stock instead of 2 mm.',
      'Check the tool offsets and the work offset Z0 on the finished free-end face before running again.',
    ],
    safetyNotes: [
      'Do not run the program on the machine until the simulation is clean.',
      'Check the tool change position is clear of the tailstock and the part.',
    ],
    changes: { toolPath: 'Approach and retract 5 mm clear of the stock (was 2 mm).' },
  },
  {
    name: 'chatter',
    pattern: /\b(chatter\w*|vibrat\w*|squeal\w*|rattl\w*|harmonics?|resonan\w*)\b/i,
    overrides: { surfaceSpeedFactor: 0.8, depthOfCutFactor: 0.7 },
    analysis:
      'The description points to chatter: the cut excites the part or the tool at the current speed and depth.',
    recommendations: [
      'Lower the surface speed by 20 %.',
      'Take 30 % less depth of cut in roughing.',
      'Keep the tool overhang short and support long parts with the tailstock.',
    ],
    safetyNotes: ['Chatter breaks inserts: check the cutting edge before the next run.'],
    changes: {
      spindleSpeed: 'Surface speeds 20 % lower.',
      depthOfCut: 'Roughing depth of cut 30 % smaller.',
    },
  },
  {
    name: 'finish',
    pattern:
      /\b(poor|bad|rough|wavy|dull|ugly) (surface|finish)|\bfinish (is|was|looks) (poor|bad|rough)|\bsurface (is|was|looks) rough|\b(scallops?|feed marks|tool marks|torn|tearing)\b|\bRa\b/i,
    overrides: { finishFeedFactor: 0.7, surfaceSpeedFactor: 1.1 },
    analysis:
      'The finished surfaces are rougher than wanted: the finishing feed leaves marks larger than the drawing allows.',
    recommendations: [
      'Lower the finishing feed by 30 %.',
      'Raise the surface speed by 10 % to avoid built-up edge.',
      'Use the finishing insert with the larger nose radius if one is loaded.',
    ],
    safetyNotes: [],
    changes: {
      feedRate: 'Finishing feed 30 % lower.',
      spindleSpeed: 'Surface speeds 10 % higher.',
    },
  },
  {
    name: 'wear',
    pattern:
      /\b(wear\w*|wore|worn|burn(s|t|ed|ing)?|smok\w*|blue|built[- ]up\w*|chip weld\w*|melt\w*|overheat\w*|hot)\b/i,
    overrides: { surfaceSpeedFactor: 0.75 },
    analysis:
      'The tool runs too hot for this material: the surface speed is above what the insert stands.',
    recommendations: [
      'Lower the surface speed by 25 %.',
      'Make sure coolant reaches the cutting edge.',
    ],
    safetyNotes: ['Hot chips: keep the guard closed.'],
    changes: { spindleSpeed: 'Surface speeds 25 % lower.' },
  },
  {
    name: 'breakage',
    pattern: /\b(broke|broken|breaks?|breaking|snap\w*|chipped|chipping|crack\w*)\b/i,
    overrides: { feedFactor: 0.7, depthOfCutFactor: 0.7 },
    analysis: 'The tool is overloaded: feed and depth of cut are too high for it.',
    recommendations: ['Lower the feeds by 30 %.', 'Take 30 % less depth of cut in roughing.'],
    safetyNotes: ['Replace the broken insert and check the part for damage before restarting.'],
    changes: { feedRate: 'Feeds 30 % lower.', depthOfCut: 'Roughing depth of cut 30 % smaller.' },
  },
  {
    name: 'slow',
    pattern:
      /\b(too slow|(is|was|runs?|very|really) slow|slow (cycle|program|run)|too long|cycle time|faster|takes? (ages|forever)|speed (it )?up)\b/i,
    overrides: { feedFactor: 1.15, depthOfCutFactor: 1.25 },
    analysis:
      'The program is safe but slow: roughing can take bigger bites where the machine is rigid.',
    recommendations: ['Raise the feeds by 15 %.', 'Take 25 % more depth of cut in roughing.'],
    safetyNotes: ['Watch the first part closely: the heavier cuts load the spindle more.'],
    changes: { feedRate: 'Feeds 15 % higher.', depthOfCut: 'Roughing depth of cut 25 % larger.' },
  },
  {
    name: 'pip',
    pattern:
      /\b(pip|nub|stub|teat|burr|nipple)\b[^.;]*\b(part(ing|ed)?[- ]?off|cut[- ]?off)\b|\b(part(ing|ed)?[- ]?off|cut[- ]?off)\b[^.;]*\b(pip|nub|stub|teat|burr|nipple)\b/i,
    overrides: {},
    analysis:
      'A pip at the part-off is not changed in the program: the blade already feeds past the centre, so the part broke off under its weight before the blade reached the centre, or the blade sits above or below the centre line.',
    recommendations: [
      "Check the parting blade's centre height (its tip on the spindle's centre line).",
      'Catch the part (a parts catcher or a hand) so it does not break off before the blade is through.',
    ],
    safetyNotes: [],
    changes: {},
  },
  {
    name: 'size',
    pattern:
      /\b(over|under)[- ]?size\b|\b(too|is|was) (big|large|small|thick|thin)\b|\bout of tolerance\b|\b\d+(?:[.,]\d+)? ?mm (over|under|too (big|large|small))\b/i,
    overrides: {},
    analysis: (complaint) => {
      const amount = /(\d+(?:[.,]\d+)?) ?mm/.exec(complaint)?.[1]?.replace(',', '.');
      const over = /\bover|big|large|thick/i.test(complaint);
      const offset = amount ? ` (${over ? '-' : '+'}${amount} mm on the diameter or length)` : '';
      return `A size off by a few hundredths is not changed in the program, which cuts to the drawing's size: the tool's edge has worn or its offset is off. Correct it with the finishing tool's wear offset at the control${offset}, then measure the next part.`;
    },
    recommendations: [
      "Set the finishing tool's wear offset by the measured error, and re-measure the next part.",
    ],
    safetyNotes: [],
    changes: {},
  },
];

const unchanged = 'No change.';

/**
 * The complaints of a feedback text, one per clause: sentences, and the parts of a sentence
 * between commas and 'and'/'but' ("chatter, a pip at part-off and Ø20 0.04 mm oversize").
 */
function complaints(feedback: string): string[] {
  return feedback
    .split(/[.;!?\n]+(?=\s|$)|,|\s+(?:and|but)\s+(?=(?:a|an|the|it|there|one|Ø|\d)\b)/i)
    .map((part) => part.replace(/^\s*(?:and|but)\s+/i, '').trim())
    .filter((part) => /[a-z]{2}/i.test(part));
}

/** A complaint with the problems it names. */
interface Complaint {
  text: string;
  found: Problem[];
}

/** A negation earlier in the same clause: "no chatter", "did not hit", "without burrs". */
const negation = /\b(no|not|never|without|none|nothing)\b|n't\b/i;

/**
 * Whether the feedback names the problem `pattern` describes, outside a negated clause
 * ("no chatter, but the finish is rough" names a poor finish, not chatter).
 */
function mentions(feedback: string, pattern: RegExp): boolean {
  const global = new RegExp(pattern.source, 'gi');
  for (const match of feedback.matchAll(global)) {
    const before = feedback.slice(0, match.index);
    const start = Math.max(
      0,
      ...[',', '.', ';', ':', '!', '?', ' but ', ' and '].map((mark) => {
        const at = before.toLowerCase().lastIndexOf(mark);
        return at < 0 ? 0 : at + mark.length;
      }),
    );
    const clause = before.slice(start);
    if (!negation.test(clause)) return true;
  }
  return false;
}

/**
 * Analyse simulation feedback complaint by complaint (issue 34: each gets its own cause and
 * change, or why none). Several problems may be named at once; each one's overrides are
 * multiplied in (clearances take the larger). When no named problem calls for a program change
 * (none known, or only a pip or a size the control corrects), no new program is proposed
 * (requiresNewGcode false).
 */
export function analyzeSimulationOffline(context: SimulationContext): SimulationAnalysis {
  const items: Complaint[] = complaints(context.feedback).map((text) => ({
    text,
    found: problems.filter((problem) => mentions(text, problem.pattern)),
  }));
  const found = [...new Set(items.flatMap((item) => item.found))];
  const warnings = context.program?.warnings ?? [];
  if (found.length === 0) {
    return {
      analysis: `I could not tell from your description what went wrong ("${context.feedback.slice(0, 200)}"). Name what you saw: chatter, a poor finish, tool wear, a collision, a broken tool, a pip at the part-off, a size off, or a cycle that is too slow.`,
      recommendations: [
        'Describe the problem with one of those words so I can change the program for it.',
      ],
      safetyNotes: warnings.slice(0, 3),
      requiresNewGcode: false,
      suggestedChanges: {
        feedRate: unchanged,
        spindleSpeed: unchanged,
        toolPath: unchanged,
        depthOfCut: unchanged,
      },
    };
  }
  const overrides: Record<string, number> = {};
  for (const problem of found) {
    for (const [key, value] of Object.entries(problem.overrides)) {
      overrides[key] =
        key === 'clearanceMm'
          ? Math.max(overrides[key] ?? 0, value)
          : Math.round((overrides[key] ?? 1) * value * 1000) / 1000;
    }
  }
  const change = (field: keyof SimulationAnalysis['suggestedChanges']) =>
    found
      .map((problem) => problem.changes[field])
      .filter(Boolean)
      .join(' ') || unchanged;
  const changed = Object.keys(overrides).length > 0;
  return {
    analysis: itemized(items),
    recommendations: [...new Set(found.flatMap((problem) => problem.recommendations))],
    safetyNotes: [
      ...new Set([...found.flatMap((problem) => problem.safetyNotes), ...warnings.slice(0, 2)]),
    ],
    requiresNewGcode: changed,
    suggestedChanges: {
      feedRate: change('feedRate'),
      spindleSpeed: change('spindleSpeed'),
      toolPath: change('toolPath'),
      depthOfCut: change('depthOfCut'),
    },
    ...(changed ? { overrides } : {}),
  };
}

/**
 * The analysis, complaint by complaint: what each names and what is done about it, and which
 * complaints it could not place (nothing is changed for them). A clause the operator negates
 * ("no chatter") is no complaint.
 */
function itemized(items: Complaint[]): string {
  const answered = items.filter((item) => item.found.length > 0);
  if (answered.length === 1 && items.length === 1)
    return answered[0]!.found.map((problem) => analysisOf(problem, items[0]!.text)).join(' ');
  return items
    .filter((item) => item.found.length > 0 || !negation.test(item.text))
    .map((item, index) => {
      const said = item.found.length
        ? item.found.map((problem) => analysisOf(problem, item.text)).join(' ')
        : 'I could not tell what this describes, so nothing is changed for it.';
      return `${index + 1}. "${item.text}": ${said}`;
    })
    .join(' ');
}

const analysisOf = (problem: Problem, complaint: string) =>
  typeof problem.analysis === 'string' ? problem.analysis : problem.analysis(complaint);
