/**
 * Folders the tests read, as file URLs: the checkout, the real drawings in ../shared/blueprints
 * (beside the checkout), the golden programs and the fixtures.
 */
export const repoRoot = new URL('../../', import.meta.url);
export const blueprintsDir = new URL('../../../shared/blueprints/', import.meta.url);
export const goldenDir = new URL('../golden/', import.meta.url);
export const fixturesDir = new URL('../fixtures/', import.meta.url);
