import { showLocalStart } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { numberFormat } from '@/lib/intl-format';
import { dateBlock, formatCount, formatShowTime } from './format-show';

describe('show formatting without Intl on the dashboard (its start-up builds no Intl formatter)', () => {
  it('formatCount writes whole numbers as Intl.NumberFormat does in English (US)', () => {
    const counts = [0, 1, 7, 12, 999, 1000, 1234, 99_999, 100_000, 1_234_567, 2 ** 53 - 1];
    for (const n of [...counts, ...counts.map((c) => -c)]) {
      expect(formatCount(n), String(n)).toBe(numberFormat().format(n));
    }
    expect(formatCount(1234.5)).toBe('1,234.5');
  });

  it("the server's written starts (the fan home's startsLocal) are what the web prints", () => {
    const starts = [
      ['2026-12-09T00:00:00.000Z', 'America/New_York'],
      ['2026-07-04T02:30:00.000Z', 'America/Los_Angeles'],
      ['2026-03-08T07:59:00.000Z', 'America/Chicago'],
      ['2026-11-01T05:30:00.000Z', 'America/Denver'],
      ['2027-01-01T04:59:00.000Z', 'America/New_York'],
      ['2026-06-01T06:00:00.000Z', 'Pacific/Honolulu'],
    ] as const;
    for (const [iso, zone] of starts) {
      const written = showLocalStart(iso, zone);
      expect(written.text).toBe(formatShowTime(iso, zone));
      expect({ month: written.month, day: written.day }).toEqual(dateBlock(iso, zone));
    }
    expect(showLocalStart('2026-12-09T00:00:00.000Z', 'America/New_York')).toEqual({
      text: 'Tue, Dec 8, 2026, 7:00 PM EST',
      month: 'DEC',
      day: '8',
    });
  });
});
