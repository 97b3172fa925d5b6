import { describe, expect, it } from 'vitest';
import { formatCurrency } from './currency';

describe('formatCurrency', () => {
  it("writes pence as the platform's en-GB pounds do", () => {
    const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    for (const pence of [0, 1, 5, 99, 100, 2500, 12345, 100000, 123456789, -250, 1e11]) {
      expect(formatCurrency(pence)).toBe(gbp.format(pence / 100));
    }
  });
});
