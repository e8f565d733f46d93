const pounds = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Whole pounds in en-GB, as the salon quotes them: 80 → "£80", 22.4 → "£22". */
export function formatPounds(amount: number): string {
  return pounds.format(amount);
}
