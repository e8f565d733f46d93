/**
 * What every email the site sends must be, whatever it says: a whole HTML
 * document in British English, with a plain-text twin, both signed with the
 * fixture salon's address and phone number. And a quote to send.
 */
import { expect } from "vitest";
import type { RenderedEmail } from "~/.server/email/render.server";
import type { QuoteMessageData } from "~/modules/quotes/quote-email.server";
import { formatAddress } from "~/modules/site/public-settings";
import { fixture } from "./fixture";

/** Ada's quote with a Graduate stylist, a colour and an offer, booked at the fixture salon; a test changes what it looks at. */
export const sampleQuote = (changes: Partial<QuoteMessageData> = {}): QuoteMessageData => ({
  firstName: "Ada",
  link: "abcdefghijkl",
  services: [{ service: "Cut & Blow-dry", price: 36 }],
  total: 36,
  stylist: { name: "Rosa Quill" },
  level: { name: "Graduate" },
  salonName: fixture.settings.name,
  regular: false,
  hasColour: true,
  offer: { code: "QG20", percent: 20, discountedTotal: 29, expiresAt: "2026-12-01T12:00:00Z" },
  minutes: 150,
  booking: { url: fixture.settings.links.booking, phone: fixture.settings.phone, salonId: 3, salonName: fixture.settings.name },
  ...changes,
});

export function expectSalonEmail(email: RenderedEmail): void {
  expect(email.subject.length).toBeGreaterThan(5);
  expect(email.html).toMatch(/^<!DOCTYPE html/i);
  expect(email.html).toContain('lang="en-GB"');
  for (const body of [email.html, email.text]) {
    expect(body).toContain(formatAddress(fixture.settings));
    expect(body).toContain(fixture.settings.phone);
  }
  expect(email.text).not.toContain("<");
}
