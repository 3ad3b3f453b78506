import { describe, expect, it } from 'vitest';
import { TimeLimitError, runWithTimeLimit } from '#drawings/engines/time-limit';

describe('runWithTimeLimit', () => {
  it('returns what the work returns', () => {
    const result = { sizes: [40, 20] };
    expect(runWithTimeLimit(() => result, 1000)).toBe(result);
  });

  it('stops work that never ends, and the thread goes on', () => {
    const spin = () => {
      for (;;) {
        // a parser stuck on a damaged file
      }
    };
    expect(() => runWithTimeLimit(spin, 50)).toThrow(new TimeLimitError('stopped after 50 ms'));
    expect(runWithTimeLimit(() => 'next', 1000)).toBe('next');
  });

  it("passes the work's own errors through unchanged", () => {
    class ParseError extends Error {}
    const error = new ParseError('bad group code');
    expect(() =>
      runWithTimeLimit(() => {
        throw error;
      }, 1000),
    ).toThrow(error);
  });
});
