const pounds = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Pounds as the studio writes a price it was given: £14, £14.50. */
export const formatPrice = (amount: number): string => (Number.isInteger(amount) ? `£${amount}` : `£${amount.toFixed(2)}`);

/** Whole pounds in en-GB, as the salon quotes them: 80 → "£80", 22.4 → "£22". */
export function formatPounds(amount: number): string {
  return pounds.format(amount);
}
