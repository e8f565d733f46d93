/** What the staff sign-in says, the same from the API and the PIN form. */

/** The same answer for a wrong name and a wrong PIN: it must not tell which names exist. */
export const WRONG_PIN_MESSAGE = (lockedFor: number | null) =>
  lockedFor === null
    ? "That name and PIN don't match. Please try again."
    : `That name and PIN don't match, and that was too many tries in a row: sign-in from this device is paused for ${Math.ceil(lockedFor / 60)} minutes.`;

export function signInRefusal(refusal: { scope: "device" | "account" | "site"; retryAfter: number }): string {
  const minutes = Math.max(1, Math.ceil(refusal.retryAfter / 60));
  const wait = `Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  const otherwise = `otherwise, ${wait.charAt(0).toLowerCase()}${wait.slice(1)}`;
  switch (refusal.scope) {
    case "device":
      return `Too many wrong PINs from this device. ${wait}`;
    case "account":
      return `Too many wrong PINs for this name: PIN sign-in to it is paused on devices it has not used before. Sign in on your own phone or computer, with your passkey, or ask a manager to let this device in; ${otherwise}`;
    case "site":
      return `Sign-in is paused for new devices after many wrong PINs across the site. A device that has signed in before can still sign in, and so can a passkey; ${otherwise}`;
  }
}

/** Changes one staff member may make in a minute: far beyond a person's pace, well short of a script's. */
export const STAFF_WRITES_PER_MINUTE = 120;
