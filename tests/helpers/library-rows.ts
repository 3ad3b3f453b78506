/**
 * Random tool rows as a shop types them, for the tool library round-trip tests (fast-check):
 * any text in each field (quotes, commas, semicolons, bars, line breaks, any script), one of the
 * spec's tool types, a slot T1–T99.
 */
import fc from 'fast-check';
import { toolTypes } from '#contracts/shop';

const field = fc
  .string({ minLength: 1, maxLength: 60, unit: 'grapheme' })
  .map((text) => text.trim())
  .filter((text) => text.length > 0);

/** One tool row of the spec's six fields, each filled in. */
export const libraryRow = (slot = fc.integer({ min: 1, max: 99 })) =>
  fc.record({
    slotNumber: slot.map((n) => `T${n}`),
    toolName: field,
    toolDescription: field,
    toolType: fc.constantFrom(...toolTypes),
    toolManufacturer: field,
    toolHint: field,
  });
