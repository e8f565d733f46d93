/**
 * What every email the site sends must be, whatever it says: a whole HTML
 * document in British English, with a plain-text twin, both signed with the
 * fixture salon's address and phone number.
 */
import { expect } from "vitest";
import type { RenderedEmail } from "~/.server/email/render.server";
import { formatAddress } from "~/modules/site/public-settings";
import { fixture } from "./fixture";

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
