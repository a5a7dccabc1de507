import { describe, expect, it } from 'vitest';
import { formatMiles } from './format-distance';

describe('formatMiles', () => {
  it('keeps tenths below ten miles and rounds beyond', () => {
    expect(formatMiles(3.24)).toBe('3.2 mi');
    expect(formatMiles(0)).toBe('0 mi');
    expect(formatMiles(47.6)).toBe('48 mi');
    expect(formatMiles(2446.4)).toBe('2,446 mi');
  });
});
