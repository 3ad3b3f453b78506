// The authenticated request path (issue 17, item 0; docs/decisions/032-lean-request-path.md):
// autocannon at 50 connections on loopback against the built product in processes of its own,
// beside a bare Fastify route answering {hello: 'world'} in a process of its own, in the same
// run, with the product's default logging. This machine's speed drifts by half within minutes
// (a shared host), so every compared pair is measured in alternating rounds after a warm-up,
// and each side's median round is compared (docs/decisions/035-steady-request-path-bench.md).
// - GET /api/machines/my-machines of a shop with 20 machines, then 200: PGlite, and PostgreSQL
//   when DATABASE_URL is set. Targets: at least 10 % (PGlite) / 20 % (PostgreSQL) of the bare
//   route's requests per second, a p99 at most 10 times the bare route's, and 10 times the rows
//   costing at most 12 times as much per request (no N+1).
// - GET /api/machines/my-machines-by-type/Milling, a list the read cache does not keep, at the
//   same two sizes: the same 12-times target.
// - On PostgreSQL: the 20-machine list on one app process and on two (25 connections each),
//   each app process pinned to a core of its own, loaded by Debian's wrk (installed when
//   missing), whose own CPU is a fraction of autocannon's: the target is at least 1.6 times the
//   one process's throughput. Then the list's p99 on an app process with WORKERS=external while
//   a queue worker reads four drawings that process enqueued.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildIfStale, root } from '../build.mjs';
import { startNode, startProduct, startQueueWorker } from './product-process.mjs';

const execFileAsync = promisify(execFile);

const connections = 50;
/** Seconds of one measured round, and the rounds of each alternating comparison. */
const roundS = 6;
const rounds = 3;
/** Rounds of one app process against two: that figure sits close to its target. */
const scalingRounds = 5;

/** autocannon against `url` for `seconds`. */
const cannon = (url, headers = {}, seconds = roundS, conns = connections) =>
  autocannon({ url, connections: conns, duration: seconds, headers });

/** Of `items`, the one whose `key` is the median (the upper one of an even count). */
const medianBy = (items, key) =>
  [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)];

/** The median of `values`. */
const median = (values) => medianBy(values, (value) => value);

/** Of autocannon's results, the one with the median requests per second. */
const medianRound = (results) => medianBy(results, (result) => result.requests.average);

/**
 * Run `first` then `second`, {@link rounds} times, so that a drift of the machine's speed falls
 * on both alike. @returns each side's median round
 */
async function alternate(first, second) {
  const a = [];
  const b = [];
  for (let round = 0; round < rounds; round += 1) {
    a.push(await first());
    b.push(await second());
  }
  return [medianRound(a), medianRound(b)];
}

/** Warm up for 5 s, then measure for 10 s. */
async function measure(url, headers) {
  await cannon(url, headers, 5);
  return cannon(url, headers, 10);
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

/** CPU seconds (user and system) `pid` has used so far, from /proc; undefined off Linux. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * Pin every thread of process `pid` to the CPUs `cpus` ('0', '1', '0-1') with taskset.
 * @returns whether it could (taskset is Linux's, from util-linux)
 */
const pin = (pid, cpus) =>
  execFileAsync('taskset', ['-a', '-pc', cpus, String(pid)]).then(
    () => true,
    () => false,
  );

/**
 * wrk (one thread, `conns` connections, `seconds`) against `url`, and the CPU seconds wrk used.
 * @returns {Promise<{perSecond: number, cpu: number | undefined}>}
 */
async function wrk(url, headers, conns, seconds = 8) {
  const args = ['-t1', `-c${conns}`, `-d${seconds}s`];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const child = execFile('wrk', [...args, url]);
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  let cpu;
  const exited = new Promise((resolve, reject) => {
    child.once('error', reject);
    // Read wrk's CPU just before it exits: its last second is all load.
    const timer = setTimeout(() => (cpu = cpuSeconds(child.pid)), (seconds - 0.3) * 1000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`wrk exited with ${code}: ${stdout}`));
    });
  });
  await exited;
  return { perSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)[1]), cpu };
}

/**
 * One app process against two, each pinned to a core of its own, loaded by wrk, in alternating
 * rounds after both are warm. Besides the throughputs, wrk's CPU per request as a share of the
 * app process's (one process, median round): wrk runs on the same two cores, so that share of
 * them is not the app processes' to use, and two processes cannot reach twice one.
 * @param products - the two running app processes ({child, baseUrl})
 */
async function scaling(products, headers) {
  const [one, two] = products;
  const urls = products.map((product) => `${product.baseUrl}/api/machines/my-machines`);
  const cores = Math.min(2, availableParallelism());
  await Promise.all(
    products.map((product, index) => pin(product.child.pid, String(index % cores))),
  );
  try {
    for (const url of urls) await wrk(url, headers, connections, 10);
    const alone = [];
    const both = [];
    const ratios = [];
    // The app processes' CPU per request (µs): what a second process costs each request.
    const perRequest = { one: [], two: [] };
    const scalingRoundS = 8;
    const appCpu = () => products.map((product) => cpuSeconds(product.child.pid));
    const spent = (before) => appCpu().reduce((sum, now, index) => sum + now - before[index], 0);
    for (let round = 0; round < scalingRounds; round += 1) {
      let before = appCpu();
      const single = await wrk(urls[0], headers, connections, scalingRoundS);
      const singleCpu = spent(before);
      if (single.cpu !== undefined && !Number.isNaN(singleCpu)) {
        ratios.push(single.cpu / singleCpu);
        perRequest.one.push((1e6 * singleCpu) / (single.perSecond * scalingRoundS));
      }
      alone.push(single.perSecond);
      before = appCpu();
      const pair = await Promise.all(
        urls.map((url) => wrk(url, headers, connections / 2, scalingRoundS)),
      );
      const pairPerSecond = pair[0].perSecond + pair[1].perSecond;
      const pairCpu = spent(before);
      if (!Number.isNaN(pairCpu))
        perRequest.two.push((1e6 * pairCpu) / (pairPerSecond * scalingRoundS));
      both.push(pairPerSecond);
    }
    return {
      one: median(alone),
      two: median(both),
      loadShare: ratios.length ? median(ratios) : undefined,
      appMicros: perRequest.two.length
        ? { one: median(perRequest.one), two: median(perRequest.two) }
        : undefined,
    };
  } finally {
    const all = `0-${availableParallelism() - 1}`;
    await Promise.all([one, two].map((product) => pin(product.child.pid, all)));
  }
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
    await cannon(url, one.headers, 5);
    const reads = Promise.all(drawings.map((path) => uploadDrawing(app, one.headers, path)));
    const result = await cannon(url, one.headers, 10);
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

/**
 * Everything measured on one database: `databaseUrl` '' for PGlite. `bare` is the running bare
 * Fastify process, measured in rounds alternating with the product's.
 */
async function measureOn(label, databaseUrl, bare) {
  const rows = [];
  const one = await startProduct({ databaseUrl });
  let two;
  try {
    const url = `${one.baseUrl}/api/machines/my-machines`;
    const machines20 = await machinesUpTo(one, 20);
    await cannon(url, one.headers, 10);
    const [bareRound, listRound] = await alternate(
      () => cannon(`${bare.baseUrl}/`),
      () => cannon(url, one.headers),
    );
    rows.bare = bareRound;
    rows.push({ label: `my-machines (${machines20} machines), ${label}`, result: listRound });
    if (databaseUrl) {
      // A second app process on the same database: one against two, under wrk.
      two = await startProduct({ databaseUrl, demoShop: false });
      rows.scaling = await scaling([one, two], one.headers);
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

/** A new PostgreSQL database beside DATABASE_URL's for `use`, dropped afterwards. */
async function withBenchDatabase(use) {
  const name = `bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    return await use(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export async function run() {
  await buildIfStale();
  if (process.env.DATABASE_URL)
    await execFileAsync(process.execPath, [join(root, 'scripts/ensure-debian-package.mjs'), 'wrk']);
  const bare = await startNode(['--input-type=module', '-e', bareFastify]);
  const runs = [];
  try {
    await cannon(`${bare.baseUrl}/`, {}, 10);
    runs.push({ target: 0.1, rows: await measureOn('PGlite', '', bare) });
    if (process.env.DATABASE_URL) {
      const rows = await withBenchDatabase((url) => measureOn('PostgreSQL', url, bare));
      runs.push({ target: 0.2, rows });
    }
  } finally {
    await bare.stop();
  }
  const perSecond = (result) => result.requests.average;
  const line = (label, result) =>
    `${label.padEnd(50)} ${String(Math.round(perSecond(result))).padStart(7)} req/s  p99 ${String(result.latency.p99).padStart(4)} ms  errors ${result.errors + result.non2xx}`;
  const verdict = (met) => (met ? 'met' : 'NOT met');
  for (const { target, rows } of runs) {
    console.info(line("bare Fastify {hello: 'world'}, median round", rows.bare));
    const [m20, t20, m200, t200, duringReads] = rows;
    for (const row of rows)
      console.info(line(row === m20 ? `${row.label}, median round` : row.label, row.result));
    const share = perSecond(m20.result) / perSecond(rows.bare);
    const tail = m20.result.latency.p99 / Math.max(1, rows.bare.latency.p99);
    console.info(
      `  ${(100 * share).toFixed(1)} % of bare Fastify (target ≥ ${100 * target} %): ${verdict(share >= target)}; p99 ${tail.toFixed(1)}× bare (target ≤ 10×): ${verdict(tail <= 10)}`,
    );
    for (const [what, small, large] of [
      ['my-machines', m20, m200],
      ['my-machines-by-type', t20, t200],
    ]) {
      const cost = perSecond(small.result) / perSecond(large.result);
      console.info(
        `  ${what}: 10× the rows cost ${cost.toFixed(1)}× per request (target ≤ 12×): ${verdict(cost <= 12)}`,
      );
    }
    const { scaling: scaled } = rows;
    if (scaled) {
      const scale = scaled.two / scaled.one;
      const load =
        scaled.loadShare === undefined
          ? ''
          : `; wrk's CPU per request is ${Math.round(100 * scaled.loadShare)} % of the app's, on the same cores`;
      console.info(
        `  two app processes under wrk (median of ${scalingRounds} rounds): ${Math.round(scaled.two)} against ${Math.round(scaled.one)} req/s, ${scale.toFixed(2)}× (target ≥ 1.6×): ${verdict(scale >= 1.6)}${load}`,
      );
      if (scaled.appMicros) {
        const { one: alone, two: paired } = scaled.appMicros;
        console.info(
          `  the app processes' CPU per request: ${Math.round(alone)} µs with one, ${Math.round(paired)} µs with two (${paired >= alone ? '+' : '−'}${Math.abs(100 * (paired / alone - 1)).toFixed(0)} %)`,
        );
      }
    }
    if (duringReads) {
      console.info(
        `  while the worker reads: p99 ${duringReads.result.latency.p99} ms against ${m200.result.latency.p99} ms alone (${(duringReads.result.latency.p99 / Math.max(1, m200.result.latency.p99)).toFixed(1)}×)`,
      );
    }
  }
}
