/**
 * A shop owner's first hour, scripted in Debian's Chromium against the built product (its own
 * DATA_DIR and PGlite, the demo shop seeded): sign up with a new organization, open the
 * verification link from the outbox, sign in, then Q-Bot, My Shop, My Organization and Q-Bot
 * again through the account menu; log out, sign in as the demo shop's admin (written by the
 * server at its first start to $DATA_DIR, its stdout being a pipe) and walk Q-Bot, My Shop, a machine's Tooling Pairs, My Organization
 * and back to Q-Bot.
 *
 * Every /api/ request is recorded (method, URL, body). A duplicate is a call identical to the API
 * call just before it and sent within `duplicateWindowMs` of it: the same data fetched twice in a
 * row, usually by two components or an effect that runs twice. Prints the total, the duplicates
 * (target 0) and each of them.
 */
import { spawn, execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Page } from 'playwright-core';
import { findDemoAdmin } from '#tests/helpers/demo-admin';
import { latestLink } from '#tests/helpers/outbox';
import { buildIfStale, root } from '../build.mjs';
import { freePort } from './free-port.mjs';

const duplicateWindowMs = 1000;
const password = 'Lathe2024!';

interface ApiCall {
  /** `GET /api/profile/u` and, for a body, its JSON. */
  key: string;
  at: number;
  /** The walk's step that was under way. */
  step: string;
}

execFileSync(process.execPath, [join(root, 'scripts/ensure-debian-package.mjs'), 'chromium'], {
  stdio: 'inherit',
});
await buildIfStale();
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = await mkdtemp(join(tmpdir(), 'cnc-bench-'));
let log = '';
const server = spawn(process.execPath, ['dist/server/main.mjs'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: baseUrl,
    DATABASE_URL: '',
    SMTP_URL: '',
    DEMO_SHOP: 'true',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
server.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));

async function waitUntilReady() {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the server exited:\n${log}`);
    try {
      if ((await fetch(`${baseUrl}/api/openapi.json`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not start:\n${log}`);
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

/** A call as printed: passwords in bodies are not shown. */
const shown = (key: string): string =>
  key.replace(/("(?:p|confirmP|newP)assword":)"[^"]*"/g, '$1"…"');

const calls: ApiCall[] = [];
let step = 'start';
let inFlight = 0;

/** Wait until no API call has been in flight for `quietMs`. */
async function settle(page: Page, quietMs = 600) {
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    await page.waitForTimeout(100);
    if (inFlight > 0) quietSince = Date.now();
  }
}

async function openMenuItem(page: Page, label: string, path: string) {
  step = label;
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: label }).click();
  await page.waitForURL((url) => url.pathname === path);
  await settle(page);
}

async function signIn(page: Page, email: string, secret: string) {
  step = `sign in as ${email}`;
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(secret);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/qbot');
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  await settle(page);
}

async function walk(page: Page, demo: { email: string; password: string }) {
  const email = `owner-${Date.now()}@bench.test`;
  step = 'sign up';
  await page.goto(`${baseUrl}/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First Name').fill('Erin');
  await page.getByLabel('Last Name').fill('Machinist');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByLabel('Organization (optional)').fill(`Bench Turning ${Date.now()}`);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL((url) => url.pathname === '/signin');
  await settle(page);

  step = 'verify';
  await page.goto(await latestLink(dataDir, email, '/api/users/verify-email/'));
  await page.waitForURL((url) => url.pathname === '/signin');
  await settle(page);
  await signIn(page, email, password);
  await openMenuItem(page, 'My Shop', '/my-shop');
  await openMenuItem(page, 'My Organization', '/my-organization');
  await openMenuItem(page, 'QBot', '/qbot');

  step = 'logout';
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await settle(page);

  step = 'open sign in';
  await page.goto(`${baseUrl}/signin`);
  await settle(page);
  await signIn(page, demo.email, demo.password);
  await openMenuItem(page, 'My Shop', '/my-shop');
  step = 'Tooling Pairs';
  await page
    .getByRole('link', { name: /^Tooling of / })
    .first()
    .click();
  await page.waitForURL((url) => url.pathname === '/tooling-pairs');
  await settle(page);
  await openMenuItem(page, 'My Organization', '/my-organization');
  await openMenuItem(page, 'QBot', '/qbot');
}

try {
  await waitUntilReady();
  const demo = await findDemoAdmin(log, dataDir);
  if (!demo) throw new Error(`the server gave no demo shop credentials:\n${log}`);
  const page = await browser.newPage();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    inFlight += 1;
    const body = request.postData();
    calls.push({
      key: `${request.method()} ${url.pathname}${url.search}${body ? ` ${body}` : ''}`,
      at: Date.now(),
      step,
    });
  });
  const done = () => (inFlight = Math.max(0, inFlight - 1));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  await walk(page, demo);

  const duplicates = calls.filter((call, index) => {
    const previous = calls[index - 1];
    return previous?.key === call.key && call.at - previous.at <= duplicateWindowMs;
  });
  for (const call of calls)
    console.info(`${call.step.padEnd(40)} ${shown(call.key).slice(0, 110)}`);
  console.info(`API calls in the walk: ${calls.length}`);
  console.info(
    `duplicate API calls (same call as the one before, within ${duplicateWindowMs} ms): ${duplicates.length}`,
  );
  for (const call of duplicates)
    console.info(`  duplicate during ${call.step}: ${shown(call.key).slice(0, 160)}`);
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}
