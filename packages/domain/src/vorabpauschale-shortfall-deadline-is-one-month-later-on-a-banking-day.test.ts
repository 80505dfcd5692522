import { describe, expect, it } from 'vitest';
import { shortfallDeadline } from './vorabpauschale';

describe('the deadline to provide a Vorabpauschale’s uncovered tax (§ 44 Abs. 1b EStG) is one month after the booking, on a banking day', () => {
  it('one-month-later-or-the-next-banking-day', () => {
    // Booked Monday 4 January 2027: Thursday 4 February 2027.
    expect(shortfallDeadline('2027-01-04')).toBe('2027-02-04');
    // Booked Friday 2 January 2026: 2 February 2026 is a Monday.
    expect(shortfallDeadline('2026-01-02')).toBe('2026-02-02');
    // From 31 January the month ends on 28 February 2027, a Sunday: Monday 1 March.
    expect(shortfallDeadline('2027-01-31')).toBe('2027-03-01');
  });
});
