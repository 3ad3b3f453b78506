import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config';

describe('loadConfig', () => {
  it('has embedded defaults for every setting', () => {
    const config = loadConfig({}, '/srv/shop');
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/shop/data',
      databaseUrl: undefined,
      appUrl: 'http://localhost:3000',
      assistantProvider: 'offline',
      marketingUrl: '/',
      superuserEmails: [],
      demoShop: true,
    });
  });

  it('seeds the demo shop only on the embedded database, unless DEMO_SHOP says otherwise', () => {
    const server = { DATABASE_URL: 'postgres://qbot@db/qbot' };
    expect(loadConfig(server).demoShop).toBe(false);
    expect(loadConfig({ ...server, DEMO_SHOP: 'true' }).demoShop).toBe(true);
    expect(loadConfig({ DEMO_SHOP: 'false' }).demoShop).toBe(false);
    expect(() => loadConfig({ DEMO_SHOP: 'yes' })).toThrow("DEMO_SHOP must be 'true' or 'false'");
  });

  it('reads each variable, treating empty ones as unset', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        DATA_DIR: '/var/lib/qbot',
        DATABASE_URL: 'postgres://qbot@db/qbot',
        APP_URL: 'https://qbot.shop.test/',
        SMTP_URL: '',
        SUPERUSER_EMAILS: ' Boss@Shop.test, ,owner@shop.test',
        ANTHROPIC_API_KEY: 'sk-test',
        MARKETING_URL: 'https://shop.test',
      },
      '/ignored',
    );
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/qbot',
      databaseUrl: 'postgres://qbot@db/qbot',
      appUrl: 'https://qbot.shop.test',
      smtpUrl: undefined,
      superuserEmails: ['boss@shop.test', 'owner@shop.test'],
      assistantProvider: 'claude',
      marketingUrl: 'https://shop.test',
    });
  });

  it('lets ASSISTANT_PROVIDER override the key', () => {
    expect(
      loadConfig({ ANTHROPIC_API_KEY: 'sk', ASSISTANT_PROVIDER: 'offline' }).assistantProvider,
    ).toBe('offline');
  });

  it('fails fast naming every wrong variable', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        ASSISTANT_PROVIDER: 'gpt',
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT: PORT must be a number/);
    expect(attempt).toThrow(/DATABASE_URL: DATABASE_URL must start with postgres:\/\//);
    expect(attempt).toThrow(/JWT_SECRET: JWT_SECRET must be at least 32 characters long/);
    expect(attempt).toThrow(/ASSISTANT_PROVIDER: ASSISTANT_PROVIDER must be 'claude' or 'offline'/);
  });

  it('runs heavy jobs in this process unless WORKERS=external, which needs DATABASE_URL', () => {
    expect(loadConfig({}).jobs.workers).toBe('in-process');
    const server = { DATABASE_URL: 'postgres://qbot@db/qbot' };
    expect(loadConfig(server).jobs.workers).toBe('in-process');
    expect(loadConfig({ ...server, WORKERS: 'external' }).jobs.workers).toBe('external');
    expect(loadConfig({ ...server, WORKERS: 'in-process' }).jobs.workers).toBe('in-process');
    expect(() => loadConfig({ WORKERS: 'external' })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKERS: 'external' })).toThrow(
      'WORKERS: external needs DATABASE_URL, because the job queue the workers take jobs from lives in PostgreSQL',
    );
    expect(() => loadConfig({ ...server, WORKERS: 'threads' })).toThrow(
      "WORKERS must be 'in-process' or 'external'",
    );
  });

  it('reads the rate limit multiplier', () => {
    expect(loadConfig({}).rateLimitMultiplier).toBe(1);
    expect(loadConfig({ RATE_LIMIT_MULTIPLIER: '100' }).rateLimitMultiplier).toBe(100);
    expect(() => loadConfig({ RATE_LIMIT_MULTIPLIER: '0' })).toThrow(
      /RATE_LIMIT_MULTIPLIER must be at least 1/,
    );
  });

  it('refuses ports out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be between 0 and 65535/);
  });
});
