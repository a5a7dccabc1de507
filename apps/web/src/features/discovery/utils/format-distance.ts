const near = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const far = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** '3.2 mi', '48 mi', '2,446 mi': tenths only where they still mean something. */
export function formatMiles(miles: number): string {
  return `${(miles < 10 ? near : far).format(miles)} mi`;
}
