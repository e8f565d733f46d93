/** What the staff sign-in says, the same from the API and the PIN form. */

export const WRONG_PIN_MESSAGE = (lockedFor: number | null) =>
  lockedFor === null
    ? "That PIN isn't right. Please try again."
    : `That PIN isn't right, and that was too many wrong PINs in a row: sign-in from this connection is paused for ${Math.ceil(lockedFor / 60)} minutes.`;

export function signInRefusal(refusal: { scope: "address" | "site"; retryAfter: number }): string {
  const minutes = Math.max(1, Math.ceil(refusal.retryAfter / 60));
  const wait = `Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  return refusal.scope === "address"
    ? `Too many wrong PINs from this connection. ${wait}`
    : `Sign-in is paused for new devices after many wrong PINs across the site. A device that has signed in before can still sign in; otherwise, ${wait.charAt(0).toLowerCase()}${wait.slice(1)}`;
}

/** Changes one staff member may make in a minute: far beyond a person's pace, well short of a script's. */
export const STAFF_WRITES_PER_MINUTE = 120;
