import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, helmetOptions } from '#server/plugins/security-headers';

/** What helmet's middleware sets on a real response, by lowercase name. */
function setByHelmet(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  response.setHeader('X-Powered-By', 'something');
  helmet(options)(request, response, (error?: unknown) => {
    if (error) throw new Error('helmet failed');
  });
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

describe('helmetHeaders', () => {
  it("records exactly the headers helmet's middleware sets on a response", () => {
    expect(helmetHeaders(helmetOptions)).toEqual(setByHelmet(helmetOptions));
    expect(helmetHeaders({})).toEqual(setByHelmet({}));
  });

  it('keeps the product’s policy: images from data: and blob:, no upgrade to https, no HSTS', () => {
    const headers = helmetHeaders(helmetOptions);
    expect(headers['content-security-policy']).toContain("img-src 'self' data: blob:");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers).not.toHaveProperty('strict-transport-security');
    expect(headers['x-content-type-options']).toBe('nosniff');
  });
});
