import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { qbotExtraMessages } from '#contracts/qbot-workflow';

describe('the incomplete program message', () => {
  it('ends each thing left undone in one full stop, whether or not the entry has its own', () => {
    const message = qbotExtraMessages.generatedIncomplete(2, 'P-v2.nc', [
      'Cut-out 3.66 × 8.13 mm: no selected end mill fits it',
      'The drawing writes "Ø3.54", not programmed. Give it with Change.',
    ]);
    expect(message).toContain('Left undone: Cut-out 3.66 × 8.13 mm: no selected end mill fits it.');
    expect(message).toContain('Give it with Change. Download P-v2.nc');
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[A-Za-z0-9 ,:]{1,30}[.]{0,2} ?$/), {
          minLength: 1,
          maxLength: 4,
        }),
        (left) => {
          const text = qbotExtraMessages.generatedIncomplete(1, 'x.nc', left);
          expect(text).not.toMatch(/\.\s*\./);
        },
      ),
    );
  });
});
