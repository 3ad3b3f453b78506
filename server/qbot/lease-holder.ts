/**
 * Who holds a conversation's lease: one identity per process, `${hostname}:${pid}:${random}`,
 * written to `threads.lease_holder` when a request claims a conversation. A starting process
 * reads it to tell the leases of a dead process on the same host (released at once) from those
 * of a live process or another host (kept; they run out by time).
 * docs/decisions/017-leases-and-sweep.md.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** A lease holder's parts. */
export interface LeaseHolder {
  host: string;
  pid: number;
  /** Tells two processes apart that had the same pid (a container's pid 1 after a restart). */
  nonce: string;
}

/** Make the identity string of a holder. */
export const formatLeaseHolder = ({ host, pid, nonce }: LeaseHolder): string =>
  `${host}:${pid}:${nonce}`;

/** This process's identity, the same for every app it builds. */
export const thisProcess: LeaseHolder = {
  host: hostname(),
  pid: process.pid,
  nonce: randomBytes(6).toString('hex'),
};

/** This process's identity as written to `threads.lease_holder`. */
export const leaseHolder = formatLeaseHolder(thisProcess);

/**
 * The parts of an identity written by `formatLeaseHolder`, or undefined for any other text.
 * The host is everything before the last two colons.
 */
export function parseLeaseHolder(text: string): LeaseHolder | undefined {
  const match = /^(.+):(\d+):([^:]+)$/.exec(text);
  if (!match) return undefined;
  const pid = Number(match[2]);
  if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
  return { host: match[1]!, pid, nonce: match[3]! };
}

/** Whether a process with this pid runs on this host (one we may not signal counts as running). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Whether the holder is a process of this host that no longer runs: its pid runs no process, or
 * it is this process's pid with another nonce (an earlier process that had the same pid). An
 * identity that cannot be read, another host's or a running process's is not known to be dead.
 */
export function isDeadHolderOnThisHost(text: string, self: LeaseHolder = thisProcess): boolean {
  const holder = parseLeaseHolder(text);
  if (!holder || holder.host !== self.host) return false;
  if (holder.pid === self.pid) return holder.nonce !== self.nonce;
  return !isRunning(holder.pid);
}
