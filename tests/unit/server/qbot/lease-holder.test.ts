import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  formatLeaseHolder,
  isDeadHolderOnThisHost,
  leaseHolder,
  parseLeaseHolder,
  thisProcess,
} from '#server/qbot/lease-holder';

describe('the lease holder identity', () => {
  it('is this host, this pid and a random part, the same for the whole process', () => {
    expect(leaseHolder.startsWith(`${hostname()}:${process.pid}:`)).toBe(true);
    expect(leaseHolder.split(':').at(-1)).toMatch(/^[0-9a-f]{12}$/);
    expect(parseLeaseHolder(leaseHolder)).toEqual(thisProcess);
    expect(formatLeaseHolder(thisProcess)).toBe(leaseHolder);
  });

  it('reads the host as everything before the last two colons, and nothing else', () => {
    expect(parseLeaseHolder('fe80::1:4242:abc')).toEqual({
      host: 'fe80::1',
      pid: 4242,
      nonce: 'abc',
    });
    for (const text of ['', 'host', 'host:12', 'host:x:abc', 'host:0:abc', ':12:abc', 'host:12:'])
      expect(parseLeaseHolder(text), text).toBeUndefined();
  });

  it('is dead on this host when its pid runs nothing, or is this pid with another random part', () => {
    const { pid: ended } = spawnSync(process.execPath, ['-e', ''], { stdio: 'ignore' });
    const host = thisProcess.host;
    expect(isDeadHolderOnThisHost(`${host}:${ended}:abc`)).toBe(true);
    expect(isDeadHolderOnThisHost(`${host}:${process.pid}:not-this-one`)).toBe(true);
    expect(isDeadHolderOnThisHost(leaseHolder)).toBe(false);
    expect(isDeadHolderOnThisHost(`${host}:${process.ppid}:abc`)).toBe(false);
    expect(isDeadHolderOnThisHost(`elsewhere.shop.test:${ended}:abc`)).toBe(false);
    expect(isDeadHolderOnThisHost('not an identity')).toBe(false);
  });
});
