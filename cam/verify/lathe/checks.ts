/**
 * The lathe verifier's check catalogue (cam/verify/lathe/): the id and title of every check it
 * reports, process checks first, then the completeness checks (a failure leaves part of the
 * drawing undone; the program still runs safely). Also how a check records what failed.
 */

/** The title of every check as the report shows it, in report order. */
export const checkTitles = {
  syntax: 'Every line is G-code the controller runs',
  end: 'The program ends with M30',
  tools: 'Every tool called is in the selected tooling',
  setup: 'Work offset, tool, spindle and feed are set before every cut',
  envelope: 'Every move stays in the working envelope',
  travels: "Every move stays within the machine's travels",
  spindle: "The spindle never exceeds the machine's top speed",
  rapids: 'No rapid move enters the stock',
  holders: 'Tool holders and shanks stay clear of the stock',
  tailstock:
    "The tailstock's centre is seated in its centre hole, clear of every tool, and retracted before the part off",
  gouges: 'Nothing is cut into the part',
  finishing: 'Finishing passes take at most twice the finishing allowance',
  ratings: "Every cut is within its tool's rated depth of cut, feed and reach",
  chips: "Chip thickness stays within each tool's range",
  power: "Cutting power stays within 80 % of the machine's spindle power",
  tapping: 'Taps run at their pitch and speed, inside their drilled hole',
  length: 'The part is faced to length',
  outer: 'Finishing reaches every outer diameter within 0.01 mm',
  inner: 'Finishing reaches every bore diameter within 0.01 mm',
  chamfers: 'Chamfers are cut',
  threads: 'Threads are cut to their root diameter',
  tapped: 'Tapped holes are drilled to their tap drill and tapped to depth',
  partOff: 'The part is cut off',
  support:
    'The part sticks out of the chuck at most 5 times its stiffness diameter, or 12 times with the tailstock',
  complete: 'Nothing of the drawing is left uncut',
} as const;
/** The checks a lathe program is verified by. */
export type CheckId = keyof typeof checkTitles;

/** Checks whose failure leaves part of the drawing undone (the program still runs safely). */
export const completenessChecks: CheckId[] = [
  'length',
  'outer',
  'inner',
  'chamfers',
  'threads',
  'tapped',
  'partOff',
  'support',
  'complete',
];

/** Where a check records a problem: its id and the sentence. */
export type Fail = (id: CheckId, message: string) => void;
