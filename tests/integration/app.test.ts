import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/database';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';

let database: DatabaseHandle;
let uiDir: string;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  uiDir = await mkdtemp(join(tmpdir(), 'cnc-ui-'));
  await mkdir(join(uiDir, 'assets'));
  await writeFile(
    join(uiDir, 'index.html'),
    '<html><head><meta name="marketing-url" content="__MARKETING_URL__"></head><body>app</body></html>',
  );
  await writeFile(join(uiDir, 'assets', 'main-abc123.js'), 'console.log("ui")');
  t = await createTestApp(
    database,
    { MARKETING_URL: 'https://shop.test/?a=1&b="2"' },
    {
      uiDir,
      beforeReady(app) {
        app.get('/api/test/failure', () => {
          throw new Error('relation "users" does not exist at pg/lib/client.js:545');
        });
      },
    },
  );
});

afterAll(async () => {
  await t.close();
  await database.close();
  await rm(uiDir, { recursive: true, force: true });
});

describe('the UI', () => {
  it('serves index.html for every page route, with the marketing URL written in', async () => {
    for (const url of ['/', '/signin', '/my-profile', '/reset-password/abc', '/no/such/page']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('content="https://shop.test/?a=1&amp;b=&quot;2&quot;"');
    }
  });

  it('does not serve the raw index.html', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(response.body).not.toContain('__MARKETING_URL__');
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends security headers that work on plain http inside a shop network', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/signin' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the API', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing'],
      ['POST', '/api/users/nothing'],
      ['DELETE', '/signin'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('hides internals of unexpected errors behind a 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/failure' });
    expect(response.statusCode).toBe(500);
    const body = response.json<{ message: string; errorId: string }>();
    expect(body).toEqual({
      message: `Something went wrong on our side. Please try again; if it keeps failing, tell support the error id ${body.errorId}.`,
      code: 'internal_error',
      errorId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
    });
    expect(response.body).not.toContain('relation');
  });

  it('refuses bodies over 1 MiB with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('refuses bodies that are not JSON with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      headers: { 'content-type': 'text/xml' },
      payload: '<signin/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/users/signup',
        '/api/users/signin',
        '/api/users/logout',
        '/api/users/resend-verification',
        '/api/users/forgot-password',
        '/api/users/reset-password/{token}',
        '/api/users/verify-email/{token}',
        '/api/profile/',
        '/api/profile/u',
      ]),
    );
    expect(JSON.stringify(document.paths['/api/users/signup']?.post?.requestBody)).toContain(
      'confirmPassword',
    );
  });
});
