/**
 * The setup sheet page's parts (src/qbot/setup-sheet/, decision 107): the sheet as it prints,
 * the version found in a conversation's snapshot, and the links from the download step and the
 * chat's record of each version.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { generateProgram } from '#cam/jobs/generate';
import type { WorkflowProgram } from '#contracts/qbot-workflow';
import { earlierProgramOf } from '#contracts/qbot-workflow';
import { goldenLatheJob } from '#tests/helpers/golden-jobs';
import { setupSheetMessages } from '#src/messages.ts';
import { ProgramPanel } from '#src/qbot/ProgramPanel.tsx';
import { EarlierPrograms } from '#src/qbot/ProgramRecord.tsx';
import { SetupSheetView, sheetDuration } from '#src/qbot/setup-sheet/SetupSheetView.tsx';
import { setupSheetHref } from '#src/qbot/setup-sheet/SetupSheetLink.tsx';
import { findVersion } from '#src/qbot/setup-sheet/find-version.ts';

const sheet = generateProgram(goldenLatheJob('haas')).setupSheet;
const threadId = '6d1f3c2a-9b7e-4f10-8a55-0c2b9e7d1a43';

const program = (version: number, withSheet = true): WorkflowProgram => ({
  version,
  fileUrl: `/api/files/program-${version}`,
  fileName: `Hydraulic-adapter-HA-20-v${version}.nc`,
  verified: true,
  status: 'verified',
  checks: [],
  operations: [],
  warnings: [],
  notProgrammed: [],
  dialect: 'haas',
  backplotUrl: `/api/files/backplot-${version}`,
  ...(withSheet ? { setupSheet: { ...sheet, programVersion: version } } : {}),
});

describe('the setup sheet as it prints', () => {
  const html = renderToStaticMarkup(
    <SetupSheetView sheet={sheet} backplotUrl="/api/files/backplot-1" />,
  );

  it('has a row per tool with its T number, slot, offset, cutting edge and operations', () => {
    const rows = html.split('<tbody>')[1]!.split('</tbody>')[0]!.match(/<tr>/g)!;
    expect(rows).toHaveLength(sheet.tools.length);
    for (const column of setupSheetMessages.toolColumns) expect(html).toContain(`>${column}</th>`);
    expect(html).toContain('T101: offset 01');
    expect(html).toContain('insert CNMG 120408, rε 0.8 mm');
    const drill = sheet.tools.find((tool) => tool.kind === 'twist drill')!;
    expect(html).toContain(`≥ ${drill.minStickOutMm} mm`);
  });

  it('gives the zero point, the workholding, the operations with their times and the backplot', () => {
    expect(html).toContain(sheet.zeroPoint[0]);
    expect(html).toContain('Stick-out');
    for (const operation of sheet.operations) expect(html).toContain(operation.name);
    expect(html).toContain(sheetDuration(sheet.operations[0]!.seconds!));
    expect(html).toContain(`>${setupSheetMessages.checks}</h2>`);
    expect(html).toContain('Loading the backplot');
    expect(sheetDuration(65.4)).toBe('1 min 05 s');
    expect(sheetDuration(44.6)).toBe('45 s');
  });
});

describe('a version in the conversation', () => {
  const snapshot = {
    context: { program: program(2), earlierPrograms: [earlierProgramOf(program(1))] },
  };

  it('is found among the current and the earlier programs, with its backplot', () => {
    expect(findVersion(snapshot, 2)).toMatchObject({
      kind: 'sheet',
      sheet: { programVersion: 2 },
      backplotUrl: '/api/files/backplot-2',
    });
    expect(findVersion(snapshot, 1)).toMatchObject({ kind: 'sheet', sheet: { programVersion: 1 } });
    expect(findVersion(snapshot, 3)).toEqual({ kind: 'not-found' });
    expect(findVersion(null, 1)).toEqual({ kind: 'not-found' });
  });

  it('written before setup sheets, or with a sheet that is not one, says so', () => {
    expect(findVersion({ context: { program: program(1, false) } }, 1)).toEqual({
      kind: 'no-sheet',
    });
    const broken = { ...program(1), setupSheet: { ...sheet, zeroPoint: [] } };
    expect(findVersion({ context: { program: broken } }, 1)).toEqual({ kind: 'no-sheet' });
  });
});

describe('the links to the setup sheet', () => {
  it('open the version of the conversation from the download step', () => {
    const html = renderToStaticMarkup(<ProgramPanel program={program(2)} threadId={threadId} />);
    const href = setupSheetHref(threadId, 2);
    expect(href).toBe(`/setup-sheet?threadId=${threadId}&version=2`);
    expect(html).toContain(`href="${href.replace(/&/g, '&amp;')}"`);
    expect(html).toContain(`>${setupSheetMessages.link}</a>`);
    // No link without the conversation, nor for a program without a sheet.
    expect(renderToStaticMarkup(<ProgramPanel program={program(2)} />)).not.toContain(
      '/setup-sheet',
    );
    expect(
      renderToStaticMarkup(<ProgramPanel program={program(2, false)} threadId={threadId} />),
    ).not.toContain('/setup-sheet');
  });

  it('open each earlier version from the chat', () => {
    const html = renderToStaticMarkup(
      <EarlierPrograms programs={[earlierProgramOf(program(1))]} threadId={threadId} />,
    );
    expect(html).toContain(`href="${setupSheetHref(threadId, 1).replace(/&/g, '&amp;')}"`);
    expect(html).toContain(setupSheetMessages.linkFor(1));
  });
});
