/** Texts the UI shows where the spec says "not shown" (docs/decisions/002-accounts.md). */
export const uiMessages = {
  emailVerified: 'Your email address is verified. You can sign in now.',
  verificationLinkInvalid:
    'This verification link is invalid or has expired. Sign in to get a new one.',
  profileSaved: 'Your profile has been saved.',
} as const;

/**
 * The setup sheet's headings, columns and texts (docs/decisions/107-setup-sheet.md): the words a
 * machinist expects on a CAM setup sheet.
 */
export const setupSheetMessages = {
  link: 'Setup sheet',
  linkFor: (version: number) => `Setup sheet of version ${version}`,
  title: 'Setup sheet',
  heading: (part: string, version: number) => `${part}: program version ${version}`,
  print: 'Print',
  back: 'Back to Q-Bot',
  loading: 'Loading the setup sheet...',
  job: 'Job',
  part: 'Part',
  drawing: 'Drawing',
  material: 'Material',
  drawingMaterial: 'Material on the drawing',
  machine: 'Machine',
  controller: 'Controller',
  program: 'Program',
  status: 'Status',
  verified: 'Verified',
  incomplete: 'Incomplete: not verified',
  stock: 'Stock',
  zeroPoint: 'Zero point (work offset)',
  workholding: 'Workholding',
  tools: 'Tools',
  toolColumns: ['T', 'Slot', 'Offset', 'Tool', 'Insert / Ø, flutes', 'Min. stick-out', 'Used for'],
  operations: 'Operations',
  operationColumns: ['#', 'Operation', 'Tool', 'Cutting data', 'Time'],
  secondSetup: 'setup 2',
  cycleTime: 'Estimated cycle time',
  checks: 'Checks',
  notes: 'Before you run it',
  limited: 'Limited by the machine',
  unfinished: 'Left undone',
  backplot: 'Backplot',
  signature: 'Set up by / date',
  noSheet: 'This program version was written before setup sheets: generate it again for one.',
  notFound: 'There is no program of that version in this conversation.',
  missingSearch: 'Open a setup sheet from a program in the Q-Bot chat.',
} as const;
