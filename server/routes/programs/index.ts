/**
 * Programs written elsewhere, mounted at /api/programs (issue 35): POST /check reads a program
 * on one of the organization's machines and answers with the verifier's verdict, against the
 * stock alone, a conversation's part (`threadId`, server/programs/check-part.ts) or the part's
 * attached drawing (`drawing`, server/programs/check-drawing.ts); GET /parts lists the
 * organization's conversations whose part can be given. Nothing is stored and nothing of the
 * program is changed; the check runs in the job pool (or queue), off the request thread, like a
 * drawing read (docs/decisions/112-check-program.md, 113-check-program-verdict.md).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import type { CheckStock, CheckedProgram } from '#cam/check/index';
import { formatDuration } from '#cam/cycle-time';
import { apiErrorSchema } from '#contracts/errors';
import {
  checkPartsResponseSchema,
  programCheckResponseSchema,
  type ProgramCheckResponse,
} from '#contracts/program-check';
import { activeMemberHook, requireActiveMember } from '#server/accounts/guards';
import { listCheckParts } from '#server/programs/check-part';
import { checkRequestOf } from '#server/programs/check-request';
import { programText, programUploadLimits, readProgramUpload } from './read-program.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
  422: apiErrorSchema,
  503: apiErrorSchema,
};

const fmt = (mm: number) => String(Math.round(mm * 1000) / 1000);

/** The stock a program was checked on, in words with its place in work coordinates. */
function stockWords(stock: CheckStock): string {
  if (stock.shape === 'block')
    return `block ${fmt(stock.xMm)} x ${fmt(stock.yMm)} x ${fmt(stock.zMm)} mm, lower-left corner at X${fmt(stock.x0Mm ?? 0)} Y${fmt(stock.y0Mm ?? 0)}, top face at Z${fmt(stock.topZMm ?? 0)}`;
  const out = Math.min(stock.stickOutMm ?? stock.lengthMm, stock.lengthMm);
  return `round bar Ø${fmt(stock.diameterMm)} x ${fmt(stock.lengthMm)} mm, ${fmt(out)} mm out of the jaws, face at Z${fmt(stock.faceZMm ?? 0)}`;
}

/** The answer from a checked program. */
function answerOf(
  checked: CheckedProgram,
  fileName: string,
  dialectDetected: boolean,
  part: ProgramCheckResponse['part'],
): ProgramCheckResponse {
  const { report } = checked;
  return {
    fileName,
    verified: checked.status === 'verified',
    status: checked.status,
    dialect: checked.dialect,
    dialectDetected,
    checks: report.checks.map(({ title, passed, details, kind }) => ({
      title,
      passed,
      details,
      ...(kind ? { kind } : {}),
    })),
    unfinished: report.unfinished,
    findings: checked.findings,
    report: (report.operations ?? []).map((operation) => ({
      name: operation.name,
      tool: operation.tool,
      maxDepthOfCutMm: operation.maxDepthOfCutMm,
      maxChipThicknessMm: operation.maxChipThicknessMm,
      removalRateCm3PerMin: operation.removalRateCm3PerMin,
      maxPowerKw: operation.maxPowerKw,
      cuttingSeconds: operation.cuttingSeconds,
    })),
    cycleTime: formatDuration(checked.cycleTime.totalSeconds),
    backplotUrl: `data:image/svg+xml;base64,${Buffer.from(checked.backplotSvg, 'utf8').toString('base64')}`,
    lines: report.stats.lines,
    stock: stockWords(checked.stock),
    ...(part ? { part } : {}),
  };
}

const programsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: programUploadLimits });
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', activeMemberHook);

  app.post(
    '/check',
    {
      schema: {
        summary:
          'Check a program written elsewhere on one of your machines (multipart: file, machineId, stock, optional dialect, material, and threadId or a drawing file)',
        description:
          "The program is read in its dialect (told from its text unless `dialect` is given) and its moves are checked against the stock (`stock`: a JSON text, a block `{shape:'block', xMm, yMm, zMm, x0Mm?, y0Mm?, topZMm?}` or a bar `{shape:'round', diameterMm, lengthMm, stickOutMm?, faceZMm?}`), the machine's tooling pairs and its limits. `status` is 'unsafe' when a process check fails (each finding with its line), 'incomplete' when it runs safely but is not compared with a part or leaves part of it uncut, 'verified' only when it makes the whole part. With `threadId` (a conversation of your organization whose description is confirmed) the part is planned as Q-Bot plans it and the program is held to it: `stock` is then optional (the conversation's size, placed where Q-Bot's planner places it; give only its size, never its position) and so is `material`. Instead of `threadId`, the part's drawing may be attached as a second file part `drawing` (DXF or STEP, at most 25 MB; 415 for another type, 422 when the readers cannot read it): it is read offline as Q-Bot reads it, `stock` is then required (its size only, placed by the planner), `material` defaults to the drawing's (else steel), the part is planned and the program held to it as with `threadId`, and `part.against` says what it was held to ('the drawing FLH-001.dxf as read: …'). When the reading lacks what the plan needs (a lathe part's diameters or lengths, a mill part's top-view outline) the answer is 422 naming it: confirm the part in a Q-Bot conversation instead. `threadId` and `drawing` together: 400. Nothing is stored (the drawing is not kept); the program is not changed.",
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: programCheckResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { organizationId } = requireActiveMember(request);
      const upload = await readProgramUpload(request);
      const { input, part, dialectDetected } = await checkRequestOf(app, organizationId, {
        ...upload,
        text: () => programText(upload),
      });
      if (app.jobs.full) throw app.jobs.busyError();
      const checked = await app.jobs.run({ kind: 'check', input }, { fileName: upload.fileName });
      return answerOf(checked, upload.fileName, dialectDetected, part);
    },
  );

  app.get(
    '/parts',
    {
      schema: {
        summary: "The organization's conversations whose part a program can be checked against",
        description:
          "Each Q-Bot conversation of the caller's organization whose description is confirmed, latest first (at most 200): its `threadId` (for POST /check), the part's name, and the job type, material and stock size chosen so far (null until chosen).",
        security: [{ bearerAuth: [] }],
        response: { 200: checkPartsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { organizationId } = requireActiveMember(request);
      return { parts: await listCheckParts(app.db, organizationId) };
    },
  );
};

export default programsRoutes;
