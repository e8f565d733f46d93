/**
 * UK mobile numbers as people type them ("07700 900123", "+44 7700 900123",
 * "(0044) 7700-900-123") in one normal form: E.164, "+447700900123".
 */

/** The E.164 form of a UK mobile number, or null when it is not one. */
export function ukMobileToE164(input: string): string | null {
  let digits = input.trim().replace(/[\s\-().]/g, "");
  if (digits.startsWith("+")) digits = digits.slice(1);
  else if (digits.startsWith("00")) digits = digits.slice(2);
  else if (digits.startsWith("0")) digits = `44${digits.slice(1)}`;
  if (digits.startsWith("440")) digits = `44${digits.slice(3)}`; // "+44 (0)7700…"
  // Mobiles are 07 and nine more digits, except 070 (personal numbers) and 076 (pagers, but 07624 is the Isle of Man's mobiles).
  return /^447(?:[1-57-9]\d{8}|624\d{6})$/.test(digits) ? `+${digits}` : null;
}

/** "+447700900123" → "07700 900123", for people to read. */
export function formatUkMobile(e164: string): string {
  const national = `0${e164.replace(/^\+44/, "")}`;
  return `${national.slice(0, 5)} ${national.slice(5)}`;
}

/** "+447700900123" → "07700 900123"; anything else as stored. */
export const readableMobile = (mobile: string) => (mobile.startsWith("+44") ? formatUkMobile(mobile) : mobile);

/** "+447700900123" → "07700 ••• 123": enough for staff to recognise, not enough to use. */
export function maskPhone(e164: string): string {
  const national = formatUkMobile(e164);
  return `${national.slice(0, 5)} •••${national.slice(-3)}`;
}
