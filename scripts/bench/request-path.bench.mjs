// The authenticated request path (issue 17, item 0; docs/decisions/032-lean-request-path.md):
// autocannon at 50 connections for 10 s on loopback against the built product in processes of
// its own, beside a bare Fastify route answering {hello: 'world'} in a process of its own, in
// the same run, with the product's default logging.
// - GET /api/machines/my-machines of a shop with 20 machines, then 200: PGlite, and PostgreSQL
//   when DATABASE_URL is set. Targets: at least 10 % (PGlite) / 20 % (PostgreSQL) of the bare
//   route's requests per second, a p99 at most 10 times the bare route's, and 10 times the rows
//   costing at most 12 times as much per request (no N+1).
// - GET /api/machines/my-machines-by-type/Milling, a list the read cache does not keep, at the
//   same two sizes: the same 12-times target.
// - On PostgreSQL: the 20-machine list on one app process and on two (25 connections each), and
//   the target of at least 1.6 times the one process's throughput, under autocannon and, when
//   Debian's wrk is installed, under wrk, whose own CPU leaves the two cores to the product; then its p99 on an app process
//   with WORKERS=external while a queue worker reads four drawings that process enqueued.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildIfStale } from '../build.mjs';
import { startNode, startProduct, startQueueWorker } from './product-process.mjs';

const connections = 50;
const durationS = 10;

const load = (url, headers = {}, conns = connections) =>
  autocannon({ url, connections: conns, duration: durationS, headers });

/** Warm up for 3 s, then measure. */
async function measure(url, headers, conns) {
  await autocannon({ url, connections: conns ?? connections, duration: 3, headers });
  return load(url, headers, conns);
}

const bareFastify = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

/** POST JSON with the admin's token; throws unless the status is `expected`. */
async function post(baseUrl, headers, path, body, expected = 201) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== expected) throw new Error(`${path}: ${await response.text()}`);
  return response.json();
}

/** The demo shop's machines, copies of its first one added until there are `count`. */
async function machinesUpTo(product, count) {
  const { baseUrl, headers } = product;
  const list = async () =>
    (await (await fetch(`${baseUrl}/api/machines/my-machines`, { headers })).json()).machines;
  const machines = await list();
  const [first] = machines;
  for (let index = machines.length; index < count; index += 1) {
    await post(baseUrl, headers, '/api/machines/add-machine-to-shop', {
      name: `Bench ${index}`,
      serialNumber: `BENCH-${randomUUID().slice(0, 8)}`,
      machineType: first.machineType._id,
      machineManufacturer: first.machineManufacturer._id,
      machineModelType: first.machineModelType._id,
      controllerType: first.controllerType._id,
      controllerModelType: first.controllerModelType._id,
    });
  }
  return (await list()).length;
}

const execFileAsync = promisify(execFile);

/** wrk's requests per second against `url` with `conns` connections on one thread, for 10 s. */
async function wrk(url, headers, conns) {
  const args = ['-t1', `-c${conns}`, `-d${durationS}s`];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const { stdout } = await execFileAsync('wrk', [...args, url]);
  return Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)[1]);
}

/**
 * One app process against two, loaded by wrk (Debian's package), whose load costs a fraction of
 * autocannon's CPU: on two cores shared by the load, the processes and PostgreSQL, autocannon's
 * own share hides what a second process adds. Undefined when wrk is not installed.
 */
async function scalingWithWrk(urls, headers) {
  try {
    await execFileAsync('wrk', ['--version']).catch((error) => {
      if (error.code === 'ENOENT') throw error;
    });
  } catch {
    return undefined;
  }
  await wrk(urls[0], headers, connections);
  const one = await wrk(urls[0], headers, connections);
  const two = await Promise.all(urls.map((url) => wrk(url, headers, connections / 2)));
  return { one, two: two[0] + two[1] };
}

/** Four real drawings from ../shared/blueprints, read at once by the queue worker. */
const drawings = [
  'lathe/Gripper.PDF',
  'lathe/vwheel_b17021_rev_3.pdf',
  'mill-edm/Adapterplatte.PDF',
  'mill-edm/P0011_REV_E.pdf',
];

/** Upload `path` into a new conversation through `product`: the upload answers once it is read. */
async function uploadDrawing(product, headers, path) {
  const thread = await (await fetch(`${product.baseUrl}/api/qbot/startClaude`, { headers })).json();
  const form = new FormData();
  form.append('threadId', thread.thread_id);
  form.append('assistantId', 'qbot');
  const bytes = await readFile(new URL(`../../../shared/blueprints/${path}`, import.meta.url));
  form.append('file', new Blob([new Uint8Array(bytes)]), basename(path));
  const response = await fetch(`${product.baseUrl}/api/qbot/uploadBlueprintClaude`, {
    method: 'POST',
    headers,
    body: form,
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * The machine list on an app process with WORKERS=external while a queue worker (two jobs at
 * once) reads four drawings that process enqueued: its p99 under the same load as alone.
 */
async function listWhileWorkerReads(databaseUrl, one, machines) {
  const app = await startProduct({ databaseUrl, demoShop: false, env: { WORKERS: 'external' } });
  const worker = await startQueueWorker({
    databaseUrl,
    dataDir: app.dataDir,
    env: { JOB_CONCURRENCY: '2' },
  });
  try {
    const url = `${app.baseUrl}/api/machines/my-machines`;
    await autocannon({ url, connections, duration: 3, headers: one.headers });
    const reads = Promise.all(drawings.map((path) => uploadDrawing(app, one.headers, path)));
    const result = await load(url, one.headers);
    const statuses = await reads;
    return {
      label: `my-machines (${machines} machines), while the worker reads 4 drawings (${statuses.join(', ')})`,
      result,
    };
  } finally {
    await worker.stop();
    await app.stop();
  }
}

/** Everything measured on one database: `databaseUrl` '' for PGlite. */
async function measureOn(label, databaseUrl) {
  const rows = [];
  const one = await startProduct({ databaseUrl });
  let two;
  try {
    const url = `${one.baseUrl}/api/machines/my-machines`;
    const machines20 = await machinesUpTo(one, 20);
    rows.push({
      label: `my-machines (${machines20} machines), ${label}`,
      result: await measure(url, one.headers),
    });
    if (databaseUrl) {
      // A second app process on the same database: the load split between the two.
      two = await startProduct({ databaseUrl, demoShop: false });
      const urls = [url, `${two.baseUrl}/api/machines/my-machines`];
      await Promise.all(
        urls.map((u) =>
          autocannon({ url: u, connections: connections / 2, duration: 3, headers: one.headers }),
        ),
      );
      const [first, second] = await Promise.all(
        urls.map((u) => load(u, one.headers, connections / 2)),
      );
      rows.twoProcesses = {
        label: `my-machines (${machines20} machines), two processes`,
        result: first,
        second,
      };
      const scaling = await scalingWithWrk(
        [url, `${two.baseUrl}/api/machines/my-machines`],
        one.headers,
      );
      if (scaling) rows.scaling = scaling;
      await two.stop();
      two = undefined;
    }
    const byTypeUrl = `${one.baseUrl}/api/machines/my-machines-by-type/Milling`;
    const milling = async () =>
      (await (await fetch(byTypeUrl, { headers: one.headers })).json()).machines.length;
    rows.push({
      label: `my-machines-by-type (${await milling()} milling), ${label}`,
      result: await measure(byTypeUrl, one.headers),
    });
    const machines200 = await machinesUpTo(one, 200);
    rows.push({
      label: `my-machines (${machines200} machines), ${label}`,
      result: await measure(url, one.headers),
    });
    rows.push({
      label: `my-machines-by-type (${await milling()} milling), ${label}`,
      result: await measure(byTypeUrl, one.headers),
    });
    if (databaseUrl) rows.push(await listWhileWorkerReads(databaseUrl, one, machines200));
  } finally {
    await two?.stop();
    await one.stop();
  }
  return rows;
}

export async function run() {
  await buildIfStale();
  const bare = await startNode(['--input-type=module', '-e', bareFastify]);
  let bareResult;
  try {
    bareResult = await measure(`${bare.baseUrl}/`);
  } finally {
    await bare.stop();
  }
  const runs = [{ target: 0.1, rows: await measureOn('PGlite', '') }];
  if (process.env.DATABASE_URL) {
    const name = `bench_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${name}`;
      const rows = await measureOn('PostgreSQL', url.toString());
      runs.push({ target: 0.2, rows, scaling: rows.scaling });
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
  const perSecond = (row) => row.result.requests.average + (row.second?.requests.average ?? 0);
  const p99 = (row) => Math.max(row.result.latency.p99, row.second?.latency.p99 ?? 0);
  const errors = (row) =>
    [row.result, row.second].reduce((sum, r) => sum + (r ? r.errors + r.non2xx : 0), 0);
  const line = (label, row) =>
    `${label.padEnd(50)} ${String(Math.round(perSecond(row))).padStart(7)} req/s  p99 ${String(p99(row)).padStart(4)} ms  errors ${errors(row)}`;
  const verdict = (met) => (met ? 'met' : 'NOT met');
  console.info(line("bare Fastify {hello: 'world'}", { result: bareResult }));
  for (const { target, rows, scaling } of runs) {
    for (const row of [...rows, ...(rows.twoProcesses ? [rows.twoProcesses] : [])])
      console.info(line(row.label, row));
    const [m20, t20, m200, t200, duringReads] = rows;
    const both = rows.twoProcesses;
    const share = perSecond(m20) / perSecond({ result: bareResult });
    const tail = p99(m20) / Math.max(1, bareResult.latency.p99);
    console.info(
      `  ${(100 * share).toFixed(1)} % of bare Fastify (target ≥ ${100 * target} %): ${verdict(share >= target)}; p99 ${tail.toFixed(1)}× bare (target ≤ 10×): ${verdict(tail <= 10)}`,
    );
    for (const [what, small, large] of [
      ['my-machines', m20, m200],
      ['my-machines-by-type', t20, t200],
    ]) {
      const cost = perSecond(small) / perSecond(large);
      console.info(
        `  ${what}: 10× the rows cost ${cost.toFixed(1)}× per request (target ≤ 12×): ${verdict(cost <= 12)}`,
      );
    }
    if (both) {
      const scale = perSecond(both) / perSecond(m20);
      console.info(
        `  two app processes under autocannon: ${scale.toFixed(2)}× one process (target ≥ 1.6×): ${verdict(scale >= 1.6)}`,
      );
    }
    if (scaling) {
      const scale = scaling.two / scaling.one;
      console.info(
        `  two app processes under wrk: ${Math.round(scaling.two)} against ${Math.round(scaling.one)} req/s, ${scale.toFixed(2)}× (target ≥ 1.6×): ${verdict(scale >= 1.6)}`,
      );
    } else if (both) {
      console.info(
        '  (install wrk, `apt-get install wrk`, for the scaling figure under a lighter load)',
      );
    }
    if (duringReads) {
      console.info(
        `  while the worker reads: p99 ${p99(duringReads)} ms against ${p99(m200)} ms alone (${(p99(duringReads) / Math.max(1, p99(m200))).toFixed(1)}×)`,
      );
    }
  }
}
