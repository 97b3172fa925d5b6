/**
 * An amount in pence as en-GB pounds (docs/player-app.md, Constants): 2500 -> '£25.00',
 * 123456789 -> '£1,234,567.89', -250 -> '-£2.50'. Written out rather than an Intl.NumberFormat,
 * which costs a phone tens of milliseconds to make on the first screen (docs/web-quality.md).
 */
export function formatCurrency(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const whole = Math.round(Math.abs(pence));
  const pounds = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}£${pounds}.${String(whole % 100).padStart(2, '0')}`;
}
