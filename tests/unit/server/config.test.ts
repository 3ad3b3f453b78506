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

  it('reads which proxies name the client (TRUST_PROXY)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
    ]);
    for (const wrong of ['0', '11', 'true', '10.0.0.0/33', 'lb.internal', '10.0.0.1,']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong })).toThrow(
        'TRUST_PROXY must be the number of proxies in front of the app (1 to 10) or their addresses, comma-separated (10.0.0.5,10.1.0.0/16)',
      );
    }
  });

  describe('S3 storage', () => {
    const s3 = {
      S3_BUCKET: 'shop-files',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'qbot',
      S3_SECRET_ACCESS_KEY: 'secret-key',
    };

    it('uses the local folder unless all five S3_* are set', () => {
      expect(loadConfig({}).s3).toBeUndefined();
      expect(
        loadConfig({
          S3_BUCKET: '',
          S3_ENDPOINT: '',
          S3_REGION: '',
          S3_ACCESS_KEY_ID: '',
          S3_SECRET_ACCESS_KEY: '',
        }).s3,
      ).toBeUndefined();
      expect(loadConfig(s3).s3).toEqual({
        bucket: 'shop-files',
        endpoint: 'http://minio:9000',
        region: 'us-east-1',
        accessKeyId: 'qbot',
        secretAccessKey: 'secret-key',
      });
    });

    it('refuses some but not all of them, naming the missing ones', () => {
      const attempt = () =>
        loadConfig({ ...s3, S3_REGION: undefined, S3_SECRET_ACCESS_KEY: '', PORT: 'x' });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(
        'S3_*: S3 storage needs all five of S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or none of them for the local folder: S3_REGION and S3_SECRET_ACCESS_KEY are not set',
      );
      // Every problem at once, not the first only.
      expect(attempt).toThrow(/PORT: PORT must be a number/);
      expect(() => loadConfig({ S3_BUCKET: 'files' })).toThrow(
        /S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are not set/,
      );
      expect(() => loadConfig({ ...s3, S3_ACCESS_KEY_ID: undefined })).toThrow(
        /: S3_ACCESS_KEY_ID is not set/,
      );
    });

    it('checks the bucket name and the endpoint', () => {
      expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(
        /S3_ENDPOINT: S3_ENDPOINT must be a full http:\/\/ or https:\/\/ URL/,
      );
      expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'ftp://minio' })).toThrow(/S3_ENDPOINT/);
      expect(() => loadConfig({ ...s3, S3_BUCKET: 'Shop_Files' })).toThrow(
        /S3_BUCKET: S3_BUCKET must be a bucket name/,
      );
    });
  });

  it('refuses ports out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be between 0 and 65535/);
  });
});
