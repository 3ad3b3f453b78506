/**
 * The one HTTP client of the UI: JSON over fetch to the same origin, bearer token from the
 * session store, credentials included, no timeout (spec section 7). Failures are `RequestError`s
 * that say whether the server answered, did not answer, or the request could not be made.
 */
import type { ApiError } from '#contracts/errors';
import { readSession, removeToken } from '../auth/session.ts';

export type RequestErrorKind = 'response' | 'network' | 'setup';

export class RequestError extends Error {
  override name = 'RequestError';

  constructor(
    readonly kind: RequestErrorKind,
    message: string,
    readonly status?: number,
    readonly data?: ApiError,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  body?: unknown;
  /** Send the bearer token (default true). */
  auth?: boolean;
}

/**
 * Make one API call.
 * @throws RequestError `response` (the server answered 4xx/5xx, with its body in `data`),
 *   `network` (no answer) or `setup` (the request could not be built)
 */
export async function apiRequest<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  let init: RequestInit;
  try {
    const headers: Record<string, string> = { accept: 'application/json' };
    const session = options.auth === false ? null : readSession();
    if (session) headers.authorization = `Bearer ${session.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    init = { method, headers, body: body ?? null, credentials: 'include' };
  } catch (error) {
    throw new RequestError('setup', error instanceof Error ? error.message : String(error));
  }

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new RequestError('network', error instanceof Error ? error.message : String(error));
  }

  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  const data: unknown = isJson ? await response.json().catch(() => undefined) : undefined;
  if (!response.ok) {
    const apiError = data as ApiError | undefined;
    // The server ended this session (logout elsewhere, password reset, removal): forget it.
    if (response.status === 401 && readSession() && options.auth !== false) removeToken();
    throw new RequestError(
      'response',
      apiError?.message ?? response.statusText,
      response.status,
      apiError,
    );
  }
  return data as T;
}

/**
 * Post a multipart form (a file upload) with the bearer token, and read the JSON answer.
 * @throws RequestError as `apiRequest` does
 */
export async function postForm<T>(path: string, form: FormData): Promise<T> {
  const session = readSession();
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: session ? { authorization: `Bearer ${session.token}` } : {},
    });
  } catch (error) {
    throw new RequestError('network', error instanceof Error ? error.message : String(error));
  }
  const data = (await response.json().catch(() => undefined)) as unknown;
  if (!response.ok) {
    const body = data as ApiError | undefined;
    throw new RequestError('response', body?.message ?? response.statusText, response.status, body);
  }
  return data as T;
}

/**
 * Fetch a file with the session (stored drawings, programs, tool libraries) as a Blob.
 * @throws RequestError `response` with the server's sentence when it refuses
 */
export async function fetchFile(url: string): Promise<Blob> {
  const session = readSession();
  const response = await fetch(url, {
    headers: session ? { authorization: `Bearer ${session.token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as ApiError | undefined;
    throw new RequestError('response', body?.message ?? response.statusText, response.status, body);
  }
  return response.blob();
}
