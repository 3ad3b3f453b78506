import { readFileSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { vi } from 'vitest';
import type { DatabaseHandle } from '#server/database';
import { postJson } from './accounts.ts';
import { createTestApp, type TestApp } from './app.ts';
import { demoAdmin } from './demo-admin.ts';
import { blueprintsDir } from './paths.ts';
import { addMachine, catalogChoice, toolBody, tormach15L } from './shop.ts';

export const blueprint = (path: string): Buffer => readFileSync(new URL(path, blueprintsDir));

/** A file part of a multipart body: its name, bytes and field ('file' unless given). */
export interface FilePartBody {
  name: string;
  bytes: Buffer;
  field?: string;
}

/** A multipart body by hand, so tests control every byte of it; files in the order given. */
export function multipart(fields: Record<string, string>, file?: FilePartBody | FilePartBody[]) {
  const boundary = `----qbot${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const one of file === undefined ? [] : Array.isArray(file) ? file : [file]) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${one.field ?? 'file'}"; filename="${one.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      one.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function qbotClient(t: TestApp, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const json = <T>(response: LightMyRequestResponse) => response.json<T>();
  return {
    start: async () =>
      json<{ thread_id: string; assistant_id: string }>(
        await t.app.inject({ method: 'GET', url: '/api/qbot/startClaude', headers }),
      ).thread_id,
    upload: (threadId: string, name: string, bytes: Buffer) => {
      const body = multipart({ threadId, assistantId: 'qbot' }, { name, bytes });
      return t.app.inject({
        method: 'POST',
        url: '/api/qbot/uploadBlueprintClaude',
        payload: body.payload,
        headers: { ...headers, ...body.headers },
      });
    },
    event: (threadId: string, event: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/qbot/workflow/events',
        headers,
        payload: { threadId, event },
      }),
    post: (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers, payload }),
    get: (url: string) => t.app.inject({ method: 'GET', url, headers }),
  };
}

/** A Tormach 15L with the tools a shop keeps in it, for the organization of `token`. */
export async function tormachWithTools(t: TestApp, token: string) {
  const machine = await addMachine(t, token, await catalogChoice(t, token, tormach15L), {
    name: 'Tormach 15L',
  });
  const rows: Record<string, string>[] = [
    {
      slotNumber: 'T1',
      toolName: 'CNMG 120408',
      toolDescription: 'External turning, 0.8 mm nose radius',
      toolType: 'Turning',
      toolHint: 'ROUGH',
    },
    {
      slotNumber: 'T2',
      toolName: 'DCMT 11T304',
      toolDescription: 'External profiling, 0.4 mm nose radius',
      toolType: 'Turning',
      toolHint: 'FINISH',
    },
    {
      slotNumber: 'T3',
      toolName: 'Parting blade',
      toolDescription: 'Parting and grooving blade, 3 mm wide',
      toolType: 'Cutting',
    },
    {
      slotNumber: 'T4',
      toolName: 'Centre drill A2.5',
      toolDescription: 'Centre drill, pilot Ø2.5',
      toolType: 'Drilling',
    },
    {
      slotNumber: 'T5',
      toolName: 'Drill 16',
      toolDescription: 'HSS twist drill Ø16 mm',
      toolType: 'Drilling',
    },
    {
      slotNumber: 'T6',
      toolName: 'Boring bar CCMT 060204',
      toolDescription: 'Boring bar, min bore Ø10, 0.4 mm nose radius',
      toolType: 'Boring',
    },
    {
      slotNumber: 'T7',
      toolName: 'Threading 16ER AG60',
      toolDescription: 'External threading insert, 60° partial profile',
      toolType: 'Turning',
    },
  ];
  for (const row of rows) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/machines/add-tool-and-associate',
      headers: { authorization: `Bearer ${token}` },
      payload: toolBody(machine, row),
    });
    if (response.statusCode !== 201) throw new Error(`tool: ${response.body}`);
  }
  return machine;
}

/** An answer as the workflow helpers read it: from `inject` or over HTTP. */
export interface ClientResponse {
  statusCode: number;
  body: string;
  json<T>(): T;
}

/** What `chooseJob` needs of a client: `qbotClient`'s, or one over HTTP to a running process. */
export interface WorkflowClient {
  event(threadId: string, event: Record<string, unknown>): Promise<ClientResponse>;
  get(url: string): Promise<ClientResponse>;
}

/** Walk a conversation from its description to the job summary's confirmation. */
export async function chooseJob(
  client: WorkflowClient,
  threadId: string,
  machineId: string,
  material: string,
  job: { jobType?: string; size?: string } = {},
) {
  const steps: Record<string, unknown>[] = [
    { type: 'description.confirmed' },
    { type: 'material.selected', material },
    { type: 'size.submitted', size: job.size ?? '' },
    { type: 'jobType.selected', jobType: job.jobType ?? 'Lathe' },
    { type: 'machine.selected', machineId },
  ];
  for (const event of steps) {
    const response = await client.event(threadId, event);
    if (response.statusCode !== 200) throw new Error(`${String(event.type)}: ${response.body}`);
  }
  const thread = (await client.get(`/api/qbot/threads/${threadId}`)).json<{
    snapshot: { context: { toolOptions: { id: string }[] } };
  }>();
  const toolIds = thread.snapshot.context.toolOptions.map((tool) => tool.id);
  for (const event of [{ type: 'tools.confirmed', toolIds }, { type: 'summary.confirmed' }]) {
    const response = await client.event(threadId, event);
    if (response.statusCode !== 200) throw new Error(`${event.type}: ${response.body}`);
  }
  return toolIds;
}

/** What the long reamer's drawing (not to scale) leaves to the operator: only its end is turned. */
export const reamerEndChange = 'Ø15.48 is 35 long, overall length 60';

/** What `generateProgram` needs of a client: `chooseJob`'s, and a JSON post. */
export interface ProgramClient extends WorkflowClient {
  post(url: string, body: Record<string, unknown>): Promise<ClientResponse>;
}

/**
 * From a drawing read, change its description with `change`, walk to the job summary with the
 * first material offered on `machineId` (chooseJob) and generate the program.
 * @returns the generation's answer, as it came
 * @throws Error with the answer's body when a step before the generation is refused
 */
export async function generateProgram(
  client: ProgramClient,
  threadId: string,
  machineId: string,
  read: { imageUrl: string; materials: { name: string }[] },
  change: string = reamerEndChange,
): Promise<ClientResponse> {
  const requested = await client.event(threadId, { type: 'description.change.requested' });
  if (requested.statusCode !== 200) throw new Error(`change requested: ${requested.body}`);
  const changed = await client.post('/api/qbot/updateDescriptionClaude', {
    threadId,
    feedback: change,
  });
  if (changed.statusCode !== 200) throw new Error(`description changed: ${changed.body}`);
  await chooseJob(client, threadId, machineId, read.materials[0]!.name);
  return client.post('/api/qbot/processBlueprintClaude', {
    thread_id: threadId,
    imageUrl: read.imageUrl,
    promptHelper: {},
  });
}

/**
 * An app with the demo shop, signed in as its admin (whose password the first start gives once),
 * with the Q-Bot client and the demo machines' ids by name.
 */
export async function demoShopClient(database: DatabaseHandle) {
  const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
  const t = await createTestApp(database, { DEMO_SHOP: 'true' });
  const printed = info.mock.calls.map((call) => String(call[0]));
  info.mockRestore();
  const { email, password } = await demoAdmin(printed.join('\n'), t.config.dataDir);
  const signin = await postJson(t, '/api/users/signin', { email, password });
  const { token } = signin.json<{ token: string }>();
  const client = qbotClient(t, token);
  const { machines } = (await client.get('/api/machines/my-machines')).json<{
    machines: { _id: string; name: string }[];
  }>();
  return {
    t,
    client,
    token,
    machineIds: new Map(machines.map((machine) => [machine.name, machine._id])),
  };
}

/**
 * The long reamer's program on `machineId`, from a new conversation: its DXF read, its end
 * turned (`reamerEndChange`) and the program generated and downloaded.
 * @returns the program's file name and text, its conversation and its verdict at generation
 * @throws Error with the answer's body when a step is refused
 */
export async function reamerProgram(
  client: ProgramClient & ReturnType<typeof qbotClient>,
  machineId: string,
): Promise<{ fileName: string; gcode: string; threadId: string; status: string }> {
  const threadId = await client.start();
  const upload = await client.upload(
    threadId,
    'long_reamer_facer.dxf',
    blueprint('lathe/long_reamer_facer.dxf'),
  );
  if (upload.statusCode !== 200) throw new Error(`upload: ${upload.body}`);
  const analysis = upload.json<{ materials: { name: string }[]; imageUrl: string }>();
  const generated = await generateProgram(client, threadId, machineId, analysis);
  if (generated.statusCode !== 200) throw new Error(`program: ${generated.body}`);
  const written = generated.json<{ fileUrl: string; fileName: string; status: string }>();
  return {
    fileName: written.fileName,
    gcode: (await client.get(written.fileUrl)).body,
    threadId,
    status: written.status,
  };
}

/**
 * A plate's program on `machineId`, from a new conversation: the drawing read, its first
 * material, the plate `size`, a Milling job with every offered tool, generated and downloaded
 * (FLH-001 names no thickness: the size's gives it).
 * @returns the program's file name and text, the material and size it was made with, and its
 *   verdict and what it left at generation
 * @throws Error with the answer's body when a step is refused
 */
export async function plateProgram(
  client: ProgramClient & ReturnType<typeof qbotClient>,
  machineId: string,
  drawing = 'mill-edm/FLH-001.dxf',
  size = 'Plate 180 x 80 x 10 mm',
) {
  const threadId = await client.start();
  const name = drawing.split('/').pop()!;
  const upload = await client.upload(threadId, name, blueprint(drawing));
  if (upload.statusCode !== 200) throw new Error(`upload: ${upload.body}`);
  const analysis = upload.json<{ materials: { name: string }[]; imageUrl: string }>();
  const material = analysis.materials[0]!.name;
  await chooseJob(client, threadId, machineId, material, { jobType: 'Milling', size });
  const generated = await client.post('/api/qbot/processBlueprintClaude', {
    thread_id: threadId,
    imageUrl: analysis.imageUrl,
    promptHelper: {},
  });
  if (generated.statusCode !== 200) throw new Error(`program: ${generated.body}`);
  const written = generated.json<{
    fileUrl: string;
    fileName: string;
    status: string;
    unfinished: string[];
  }>();
  return {
    fileName: written.fileName,
    gcode: (await client.get(written.fileUrl)).body,
    material,
    status: written.status,
    unfinished: written.unfinished,
  };
}
