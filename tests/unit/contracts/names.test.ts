import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { controllerName, namesJoined } from '#contracts/names';

const word = fc.stringMatching(/^[A-Za-z0-9-]{1,8}$/);

describe('namesJoined', () => {
  it("says the catalog's repeated family once", () => {
    expect(controllerName({ controllerType: 'Haas', controllerModel: 'Haas NGC' })).toBe(
      'Haas NGC',
    );
    expect(
      controllerName({ controllerType: 'Tormach PathPilot', controllerModel: 'PathPilot' }),
    ).toBe('Tormach PathPilot');
    expect(controllerName({ controllerType: 'Fanuc', controllerModel: '0i-TF Plus' })).toBe(
      'Fanuc 0i-TF Plus',
    );
    expect(namesJoined('Siemens Sinumerik', '')).toBe('Siemens Sinumerik');
    expect(controllerName({ controllerType: 'Okuma OSP', controllerModel: 'OSP-P300LA' })).toBe(
      'Okuma OSP-P300LA',
    );
    expect(namesJoined('Heidenhain', 'TNC 640')).toBe('Heidenhain TNC 640');
    expect(namesJoined('Haas', 'Haas-Automation VF')).toBe('Haas-Automation VF');
    // Whole shared words come before the hyphen rule (fast-check seed -919539398).
    expect(namesJoined('A V-A v', 'V-A v')).toBe('A V-A v');
  });

  it('keeps both names whole, and the words they share once', () => {
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 3 }),
        fc.array(word, { maxLength: 3 }),
        fc.array(word, { maxLength: 3 }),
        (family, shared, rest) => {
          const first = [...family, ...shared].join(' ');
          const joined = namesJoined(first, [...shared, ...rest].join(' '));
          // The first name stays whole at the start and the second at the end.
          expect(joined.startsWith(first)).toBe(true);
          expect(joined.endsWith([...shared, ...rest].join(' '))).toBe(true);
          // The shared words are said once (or more of the ends are found to be shared).
          expect(joined.split(' ').length).toBeLessThanOrEqual(
            family.length + shared.length + rest.length,
          );
        },
      ),
    );
  });
});
