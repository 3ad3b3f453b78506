/**
 * Malformed requests for every route of the API, shared by the fuzz test
 * (tests/integration/fuzz.test.ts) and its benchmark (scripts/bench/fuzz.bench.mjs).
 *
 * The routes come from the app's own OpenAPI document, so a new route is fuzzed without a change
 * here. Each case is one request: a route, its path parameters (real ids of a signed-in shop,
 * random ids or hostile text), its query string, and a body built from the route's schema with
 * hostile values put in (NUL, lone surrogates, 1 MB strings, wrong types, nested arrays,
 * `__proto__` keys), or a body that is not JSON at all. No case may answer 500 or more.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '#db/schema';
import {
  approveMembership,
  createSignedInUser,
  postJson,
  randomAddress,
  signupBody,
  verifyEmail,
} from './accounts.ts';
import type { TestApp } from './app.ts';
import { goodPassword } from './app.ts';
import { dimension, dxf, line, text } from './dxf-drawings.ts';
import { addMachine, catalogChoice, toolBody, tormach15L } from './shop.ts';

/** The number of cases the test runs: FUZZ_RUNS, 2,000 by default. */
export const fuzzRuns = (fallback = 2000): number => {
  const runs = Number(process.env.FUZZ_RUNS ?? fallback);
  return Number.isInteger(runs) && runs > 0 ? runs : fallback;
};

/** The environment of the fuzzed app: the admin is a superuser too, and limits stay out of the way. */
export const fuzzAdminEmail = 'fuzz-admin@shop.test';
export const fuzzEnv: Record<string, string> = {
  SUPERUSER_EMAILS: fuzzAdminEmail,
  RATE_LIMIT_MULTIPLIER: '1000',
  ASSISTANT_PROVIDER: 'offline',
  JOB_CONCURRENCY: '1',
};

// Routes ---------------------------------------------------------------------------------------

/** The part of JSON Schema the OpenAPI document uses for the routes' zod schemas. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  default?: unknown;
}

export interface FuzzRoute {
  method: string;
  /** As in the OpenAPI document: `/api/machines/fun/{machineId}`. */
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  /** The JSON body's schema; routes that take no JSON body get random bodies and multipart. */
  body?: JsonSchema;
  secured: boolean;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

/** Every route of the API, from the app's OpenAPI document. */
export function fuzzRoutes(app: FastifyInstance): FuzzRoute[] {
  const document = app.swagger() as unknown as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!),
      query: (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? {} })),
      body: operation.requestBody?.content?.['application/json']?.schema,
      secured: (operation.security?.length ?? 0) > 0,
    })),
  );
}

// The shop the cases act in --------------------------------------------------------------------

export interface FuzzWorld {
  /** The admin's session, renewed when a case signs it out. */
  token: string;
  /** Known good values by field or parameter name: real ids, the machine's serial number… */
  values: Record<string, string[]>;
  /** Make a new session for the admin (after a case signed out or reset the password). */
  renew(): Promise<void>;
}

/** A stepped shaft, Ø30 × 40 and Ø20 drawn 30 but written 10, with a Ø8 bore 20 deep (section). */
const steppedShaft = [
  line(0, -15, 0, 15),
  ...[1, -1].flatMap((side) => [
    line(0, 15 * side, 40, 15 * side),
    line(40, 15 * side, 40, 10 * side),
    line(40, 10 * side, 70, 10 * side),
    line(70, 10 * side, 70, 4 * side),
    line(50, 4 * side, 70, 4 * side),
  ]),
  line(50, -4, 50, 4),
  dimension('10', [40, 10], [70, 10], 0),
];

/** The shaft of issue 13: its bore came out 0 mm deep, and the upload answered 500. */
export const steppedShaftDxf = dxf(steppedShaft, { insunits: 4 });

/**
 * The same shaft with notes a reader must not hand over as they are: a NUL, and a lone surrogate
 * written as a DXF escape (\U+D800), which the DXF parser decodes.
 */
export const hostileNotesDxf = dxf(
  [...steppedShaft, text('MATERIAL: C45\u0000 STEEL', 10, 40), text('\\U+D800 RA 0.8', 10, 50)],
  { insunits: 4 },
);

/**
 * A shop to fuzz in: an admin (also a superuser) and an active member, a machine with a tool, a
 * conversation with an uploaded drawing and a prompt of the organization's own.
 */
export async function createFuzzWorld(t: TestApp): Promise<FuzzWorld> {
  const organization = `Fuzz Shop ${randomUUID().slice(0, 8)}`;
  const admin = await createSignedInUser(t, { email: fuzzAdminEmail, organization });
  const userIdOf = async (email: string) =>
    (await t.app.db.select().from(users).where(eq(users.email, email)))[0]!;
  const member = signupBody({ organization, firstName: 'Milo', lastName: 'Member' });
  await postJson(t, '/api/users/signup', member);
  await verifyEmail(t, member.email);
  const memberId = (await userIdOf(member.email)).id;
  await approveMembership(t, memberId);
  const headers = { authorization: `Bearer ${admin.token}` };
  const get = async <T>(url: string) =>
    (await t.app.inject({ method: 'GET', url, headers })).json<T>();
  const organizationId = (await get<{ organization: { _id: string } }>('/api/organization'))
    .organization._id;

  const choice = await catalogChoice(t, admin.token, tormach15L);
  const machine = await addMachine(t, admin.token, choice, { name: 'Fuzz lathe' });
  const tool = (
    await t.app.inject({
      method: 'POST',
      url: '/api/machines/add-tool-and-associate',
      headers,
      payload: toolBody(machine),
    })
  ).json<{ toolingPair: { id: string } }>().toolingPair;
  const threadId = (await get<{ thread_id: string }>('/api/qbot/startClaude')).thread_id;
  const upload = multipartBody(
    { threadId, assistantId: 'qbot' },
    { name: 'shaft.dxf', bytes: Buffer.from(steppedShaftDxf) },
  );
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/qbot/uploadBlueprintClaude',
    headers: { ...headers, ...upload.headers },
    payload: upload.payload,
  });
  const fileId = /\/api\/files\/([\w-]+)/.exec(
    uploaded.json<{ imageUrl?: string }>().imageUrl ?? '',
  )?.[1];
  const prompt = (
    await postJson(t, '/api/prompts/description', { promptText: 'Read the drawing.' }, admin.token)
  ).json<{ prompt?: { _id: string } }>().prompt;

  const world: FuzzWorld = {
    token: admin.token,
    values: {
      orgId: [organizationId],
      userId: [admin.userId, memberId],
      machineId: [machine._id],
      toolId: [tool.id],
      toolIds: [tool.id],
      threadId: [threadId],
      thread_id: [threadId],
      fileId: fileId ? [fileId] : [],
      id: prompt ? [prompt._id] : [],
      machineType: [choice.machineType],
      machineTypeId: [choice.machineType],
      machineManufacturer: [choice.machineManufacturer],
      manufacturerId: [choice.machineManufacturer],
      machineModelType: [choice.machineModelType],
      controllerType: [choice.controllerType],
      controllerTypeId: [choice.controllerType],
      controllerModelType: [choice.controllerModelType],
      machineSerialNumber: [machine.serialNumber],
      serialNumber: [machine.serialNumber, 'SN-FUZZ-2'],
      typeName: [machine.machineType.name],
      type: ['Lathe', 'Milling', machine.machineType.name],
      email: [admin.email, member.email, 'nobody@shop.test'],
      password: [goodPassword],
      newPassword: [goodPassword],
      confirmPassword: [goodPassword],
      slotNumber: ['T1', 'T9'],
      token: [randomBytes(32).toString('base64url')],
    },
    async renew() {
      const row = await userIdOf(admin.email);
      world.token = (await t.app.sessions.issue(row)).token;
    },
  };
  return world;
}

// Hostile values -------------------------------------------------------------------------------

/** 1,000,000 characters: fits the 1 MiB body limit, so it reaches validation. */
const almostMegabyte = 'x'.repeat(1_000_000);
/** 1 MiB of two-byte characters: the body is over the limit (413). */
const overMegabyte = 'Ø'.repeat(512 * 1024 + 1);

export const hostileStrings: readonly string[] = [
  '\u0000',
  'Ø12\u0000 h7',
  '\ud800',
  'broken \udc00 pair',
  '\udbff\udbff',
  '',
  ' ',
  '\t\r\n',
  '%00',
  '%ED%A0%80',
  '../../etc/passwd',
  "' OR '1'='1' --",
  '${jndi:ldap://x}',
  '\u202eevil',
  '\ufeff',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '0',
  '-1',
  'NaN',
  'null',
  '__proto__',
  'constructor',
  'T0',
  'T99999',
  '00000000-0000-0000-0000-000000000000',
  almostMegabyte,
  overMegabyte,
];

/** Hostile text for a URL: the strings above (the 1 MB ones encoded once), and broken escapes. */
const hostileUrlText: readonly string[] = [
  ...hostileStrings.map(encodeLoosely),
  '%',
  '%zz',
  '%C0%80',
  '..',
  '%2F',
  'a%00b',
];

/** A JSON object with an own `__proto__` or `constructor.prototype` key, as a parser sees it. */
const poisoned = [
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":{"__proto__":[]}}',
].map((json) => JSON.parse(json) as unknown);

const deepArray = (depth: number): unknown => (depth === 0 ? [] : [deepArray(depth - 1)]);

/** Any hostile JSON value: strings above, odd numbers, wrong types, deep and long arrays. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...hostileStrings) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(0, -1, -0, 1.5, 1e308, -1e308, 2 ** 53 + 1, true, false, null),
  },
  { weight: 2, arbitrary: fc.constantFrom<unknown>([], {}, [[[]]], deepArray(200), ...poisoned) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 10_000 }, (_, index) => index)) },
  {
    weight: 1,
    arbitrary: fc.array(fc.constantFrom(...hostileStrings.slice(0, 12)), { maxLength: 5 }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

// Bodies built from the routes' schemas --------------------------------------------------------

/** Texts a field may hold: plain words, and changes to a description at the edge of sense. */
const plausibleTexts = [
  'Fuzz text',
  'Please make it shorter.',
  'Ø20 h7 x 30 mm',
  'bore Ø8 x 0 deep',
  'Ø0 x 0',
  'chamfer 1x89.99 both ends',
  'chamfer 0.00001x45',
  'overall length 1e308',
  'Ø1e400 x 5, R0 on Ø20, Ra 0',
  '4140 steel, ISO 2768-mK',
];

const isType = (schema: JsonSchema, type: string) =>
  schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));

/** A value that fits `schema` more or less, with the world's real values for known names. */
function sampleOf(schema: JsonSchema, name: string, world: FuzzWorld): fc.Arbitrary<unknown> {
  const known = world.values[name] ?? [];
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.oneOf ?? schema.anyOf;
  if (options) return fc.oneof(...options.map((option) => sampleOf(option, name, world)));
  if (isType(schema, 'object') || schema.properties) {
    const properties = Object.entries(schema.properties ?? {});
    if (properties.length === 0) return fc.constant({});
    const required = new Set(schema.required ?? []);
    return fc
      .tuple(
        ...properties.map(([key, property]) =>
          fc.tuple(
            fc.constant(key),
            required.has(key) ? fc.constant(true) : fc.boolean(),
            sampleOf(property, key, world),
          ),
        ),
      )
      .map((entries) =>
        Object.fromEntries(
          entries.filter(([, present]) => present).map(([key, , value]) => [key, value]),
        ),
      );
  }
  if (isType(schema, 'array'))
    return fc.array(sampleOf(schema.items ?? {}, name, world), { minLength: 1, maxLength: 3 });
  if (isType(schema, 'integer') || isType(schema, 'number'))
    return fc.integer({ min: 0, max: 100 });
  if (isType(schema, 'boolean')) return fc.boolean();
  if (isType(schema, 'string')) {
    if (known.length > 0) return fc.constantFrom(...known);
    if (schema.format === 'uuid') return fc.uuid();
    return fc.constantFrom(...plausibleTexts);
  }
  return fc.jsonValue({ maxDepth: 2 });
}

type Segment = string | number;

/** Every place in a value where another value can go: the value itself, keys and indices. */
function placesIn(value: unknown, path: Segment[] = []): Segment[][] {
  const inner = Array.isArray(value)
    ? value.flatMap((entry, index) => placesIn(entry, [...path, index]))
    : typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, entry]) => placesIn(entry, [...path, key]))
      : [];
  return [path, ...inner];
}

/** `root` with `value` at `path` (own properties only, so `__proto__` stays a key). */
function withValueAt(root: unknown, path: Segment[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  // An array's own 'length' (or another non-index key) is set on a plain copy of it.
  const asArray = Array.isArray(root) && /^\d+$/.test(String(head));
  const copy = (asArray ? [...(root as unknown[])] : { ...(root as object) }) as Record<
    Segment,
    unknown
  >;
  Object.defineProperty(copy, head!, {
    value: withValueAt(copy[head!], rest, value),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

/** A body from the schema with one to three hostile values put in, or an extra hostile key. */
function spoiledBody(schema: JsonSchema, world: FuzzWorld): fc.Arbitrary<unknown> {
  return sampleOf(schema, 'body', world).chain((body) => {
    const places = placesIn(body);
    return fc
      .array(fc.tuple(fc.nat(places.length - 1), hostileValue), { minLength: 1, maxLength: 3 })
      .chain((changes) =>
        fc
          .option(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'email', 'x'), hostileValue))
          .map((extra) => {
            let spoiled = changes.reduce<unknown>(
              (value, [place, hostile]) => withValueAt(value, places[place]!, hostile),
              body,
            );
            if (extra && typeof spoiled === 'object' && spoiled !== null && !Array.isArray(spoiled))
              spoiled = withValueAt(spoiled, [extra[0]], extra[1]);
            return spoiled;
          }),
      );
  });
}

// Requests -------------------------------------------------------------------------------------

/** `encodeURIComponent` that also writes lone surrogates (as the bytes of WTF-8), never throws. */
export function encodeLoosely(text: string): string {
  let encoded = '';
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      encoded += encodeURIComponent(text.slice(index, index + 2));
      index += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      encoded +=
        `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`.toUpperCase();
    } else encoded += encodeURIComponent(text[index]!);
  }
  return encoded;
}

/** A multipart body by hand, so every byte (and every broken name) is the case's own. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
) {
  const boundary = `----fuzz${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Multipart fields and file, built into a body when the case is sent. */
export interface MultipartInput {
  fields: Record<string, string>;
  file?: { name: string; bytes: Buffer };
}

/** Stands for a conversation started just before the case is sent (a drawing is read once). */
export const freshThread = 'fresh conversation';

/** One request of the fuzz. */
export interface FuzzCase {
  route: string;
  method: string;
  url: string;
  auth: 'session' | 'none' | 'garbage';
  headers: Record<string, string>;
  payload?: string;
  multipart?: MultipartInput;
}

/** Short text of a case for a failure message: method, url and the start of the body. */
export function describeCase(fuzzCase: FuzzCase): string {
  const { payload, multipart } = fuzzCase;
  const body =
    payload !== undefined
      ? ` ${JSON.stringify(payload.slice(0, 300))}`
      : multipart
        ? ` multipart ${JSON.stringify(multipart.fields)}${multipart.file ? ` with ${JSON.stringify(multipart.file.name.slice(0, 40))} (${multipart.file.bytes.length} bytes)` : ''}`
        : '';
  return `${fuzzCase.method} ${fuzzCase.url.slice(0, 300)} (${fuzzCase.auth})${body}`;
}

const pathValue = (name: string, world: FuzzWorld): fc.Arbitrary<string> =>
  fc.oneof(
    {
      weight: 3,
      arbitrary:
        (world.values[name]?.length ?? 0) > 0 ? fc.constantFrom(...world.values[name]!) : fc.uuid(),
    },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 5, arbitrary: fc.constantFrom(...hostileUrlText) },
  );

const queryString = (route: FuzzRoute, world: FuzzWorld): fc.Arbitrary<string> => {
  const declared = route.query.map(({ name, schema }) =>
    fc.option(
      fc.oneof(
        sampleOf(schema, name, world).map((value) => [[name, encodeLoosely(String(value))]]),
        fc.constantFrom(...hostileUrlText).map((value) => [[name, value]]),
        fc.constant([
          [name, 'a'],
          [name, 'b'],
        ]),
      ),
      { nil: [] },
    ),
  );
  const extra = fc.option(
    fc
      .tuple(
        fc.constantFrom('__proto__', 'constructor', 'scope', 'x[y]', '%00', '%ED%A0%80'),
        fc.constantFrom(...hostileUrlText),
      )
      .map((pair) => [pair]),
    { nil: [] },
  );
  return fc.tuple(...declared, extra).map((groups) => {
    const pairs = (groups as string[][][]).flat();
    return pairs.length === 0
      ? ''
      : `?${pairs.map(([key, value]) => `${key!}=${value!}`).join('&')}`;
  });
};

const jsonType = { 'content-type': 'application/json' };

/** A case's body and the headers that go with it (content type). */
interface Body {
  payload?: string;
  multipart?: MultipartInput;
  headers: Record<string, string>;
}

/** The body of a case: JSON from the schema, spoiled; or anything else a client might send. */
const payloadFor = (route: FuzzRoute, world: FuzzWorld): fc.Arbitrary<Body> => {
  const json = (value: fc.Arbitrary<unknown>) =>
    value.map((body) => ({ payload: JSON.stringify(body) ?? 'null', headers: jsonType }));
  const raw = fc.record({
    payload: fc.constantFrom(
      '',
      '{',
      '{"a":',
      'null',
      '[]',
      '"text"',
      '\u0000',
      '{"a":"\\ud800"}',
      '{"email":"\\u0000@x.y"}',
      'a=1&b=2',
    ),
    headers: fc.constantFrom<Record<string, string>>(
      jsonType,
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/x-www-form-urlencoded' },
      { 'content-type': 'application/json; charset=latin1' },
    ),
  });
  const multipart = fc
    .record({
      threadId: fc.oneof(
        fc.constant(freshThread),
        pathValue('threadId', world).map((value) => decodeURIComponentSafely(value)),
      ),
      name: fc.constantFrom(
        'drawing.dxf',
        'a\u0000b.png',
        '../../x.pdf',
        '\ud800.step',
        'x'.repeat(300),
        '',
      ),
      bytes: fc.oneof(
        fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
        fc.constant(Buffer.from(steppedShaftDxf)),
        fc.constant(Buffer.from(hostileNotesDxf)),
        fc.constant(Buffer.from('0\nSECTION\n2\nENTITIES\n0\nENDSEC\n0\nEOF\n')),
      ),
      withFile: fc.boolean(),
    })
    .map(({ threadId, name, bytes, withFile }): Body => ({
      headers: {},
      multipart: {
        fields: { threadId, assistantId: 'qbot' },
        ...(withFile ? { file: { name, bytes } } : {}),
      },
    }));
  const options = route.body
    ? [
        { weight: 1, arbitrary: json(sampleOf(route.body, 'body', world)) },
        { weight: 8, arbitrary: json(spoiledBody(route.body, world)) },
        { weight: 1, arbitrary: json(hostileValue) },
        { weight: 1, arbitrary: raw },
      ]
    : [
        { weight: 2, arbitrary: fc.constant({ headers: {} }) },
        { weight: 1, arbitrary: json(hostileValue) },
        { weight: 1, arbitrary: raw },
        ...(route.method === 'GET' ? [] : [{ weight: 3, arbitrary: multipart }]),
      ];
  return fc.oneof(...options);
};

const decodeURIComponentSafely = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** Requests for the routes, and now and then for a path no route has. */
export function fuzzCases(routes: FuzzRoute[], world: FuzzWorld): fc.Arbitrary<FuzzCase> {
  const forRoute = (route: FuzzRoute): fc.Arbitrary<FuzzCase> =>
    fc
      .record({
        params: fc.tuple(...route.pathParams.map((name) => pathValue(name, world))),
        query: queryString(route, world),
        body:
          route.method === 'GET' ? fc.constant<Body>({ headers: {} }) : payloadFor(route, world),
        auth: fc.oneof(
          { weight: 8, arbitrary: fc.constant<FuzzCase['auth']>('session') },
          { weight: 1, arbitrary: fc.constantFrom<FuzzCase['auth']>('none', 'garbage') },
        ),
      })
      .map(({ params, query, body, auth }) => {
        let index = 0;
        const path = route.path.replace(/\{\w+\}/g, () => params[index++] ?? '');
        return {
          route: `${route.method} ${route.path}`,
          method: route.method,
          url: `${path}${query}`,
          auth,
          headers: body.headers,
          ...(body.payload === undefined ? {} : { payload: body.payload }),
          ...(body.multipart ? { multipart: body.multipart } : {}),
        };
      });
  const stray = fc
    .record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
      tail: fc.constantFrom(...hostileUrlText),
    })
    .map(({ method, tail }) => ({
      route: 'no route',
      method,
      url: `/api/${tail}`,
      auth: 'session' as const,
      headers: {},
    }));
  return fc.oneof(
    { weight: 40, arbitrary: fc.oneof(...routes.map(forRoute)) },
    { weight: 1, arbitrary: stray },
  );
}

// Errors behind the answers -------------------------------------------------------------------

/**
 * The error behind each answer of 500 or more: install `hook` through createTestApp's
 * `beforeReady`, then `take()` after each case (cases run one after the other).
 */
export function createErrorLog() {
  let last: unknown;
  return {
    hook: (app: FastifyInstance) => {
      app.addHook('onError', async (_request, _reply, error) => {
        last = error;
      });
    },
    take: (): unknown => {
      const error = last;
      last = undefined;
      return error;
    },
  };
}

// Sending a case -------------------------------------------------------------------------------

/**
 * Send a case to the app, as a client at an address of its own (so that the per-address rate
 * limits do not pile up). A case that signs the admin out
 * (logout, a new password, leaving the organization) gets the admin a new session afterwards, so
 * later cases still reach their handlers.
 */
export async function sendCase(
  app: FastifyInstance,
  world: FuzzWorld,
  fuzzCase: FuzzCase,
): Promise<LightMyRequestResponse> {
  const session = { authorization: `Bearer ${world.token}` };
  const authorization =
    fuzzCase.auth === 'session'
      ? session
      : fuzzCase.auth === 'garbage'
        ? { authorization: 'Bearer eyJhbGciOiJub25lIn0.e30.' }
        : {};
  let { headers, payload }: { headers: Record<string, string>; payload?: string | Buffer } =
    fuzzCase;
  if (fuzzCase.multipart) {
    const { fields, file } = fuzzCase.multipart;
    const threadId =
      fields.threadId === freshThread
        ? (
            await app.inject({
              method: 'GET',
              url: '/api/qbot/startClaude',
              headers: session,
              remoteAddress: randomAddress(),
            })
          ).json<{ thread_id?: string }>().thread_id
        : fields.threadId;
    const body = multipartBody({ ...fields, threadId: threadId ?? '' }, file);
    headers = { ...headers, ...body.headers };
    payload = body.payload;
  }
  const response = await app.inject({
    method: fuzzCase.method as 'GET',
    url: fuzzCase.url,
    headers: { ...headers, ...authorization },
    remoteAddress: randomAddress(),
    ...(payload === undefined ? {} : { payload }),
  });
  // Only a case that was taken can have ended the session.
  if (fuzzCase.method !== 'GET' && response.statusCode < 400) {
    const probe = await app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: `Bearer ${world.token}` },
      remoteAddress: randomAddress(),
    });
    if (probe.statusCode !== 200) await world.renew();
  }
  return response;
}
