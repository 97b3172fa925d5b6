const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** An amount in pence as en-GB pounds (docs/player-app.md, Constants): 2500 -> '£25.00'. */
export function formatCurrency(pence: number): string {
  return gbp.format(pence / 100);
}
