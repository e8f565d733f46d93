/** Quotes saved through the API other programs use: POST /api/save-quote-details (api-contract.md, "Saving a quote"). */
import { expect } from "vitest";

/** Priya Shah's details, as a visitor types them into the finish form, with an email address of the test's own. */
export const priya = (email: string) => ({ name: "Priya Shah", mobile: "07700 900123", email, referral: "google" });

/** Saves a quote through the API, with more headers where a test poses as another address (`x-forwarded-for`). */
export function saveQuote(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}/api/save-quote-details`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
}

/** Saves a quote that must be accepted (201), and answers its secret link. */
export async function savedQuoteLink(url: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<string> {
  const saved = await saveQuote(url, body, headers);
  expect(saved.status).toBe(201);
  return ((await saved.json()) as { link: string }).link;
}
