import { describe, expect, it } from "vitest";
import { emailBrand } from "~/modules/site/email-brand";
import { renderContactMessage } from "./contact-email.server";
import { renderQuoteEmail } from "~/modules/quotes/quote-email.server";
import { expectEmailFrame, unsupportedFeatures } from "../../../tests/support/email-clients";
import { sampleQuote } from "../../../tests/support/emails";
import { fixture } from "../../../tests/support/fixture";

// The emails hold in Outlook for Windows and Samsung Email: checked against
// caniemail.com's data with doiuse-email, and for the things that data can't
// see (the button's cell, the 560 px table Outlook alone reads, the hidden
// preview, a visitor's line breaks, <title> and the colour-scheme meta).

const brand = emailBrand(fixture.settings, "https://base.example.com");
const quote = () => renderQuoteEmail(brand, sampleQuote());
const contact = () =>
  renderContactMessage(brand, { name: "Sam Lee", email: "sam@example.com", message: "Hello,\nline two\nline three\n\nA second paragraph." });

describe("emails in Outlook for Windows and Samsung Email", () => {
  it.each([
    ["the quote email", quote],
    ["a contact message", contact],
  ])("%s uses nothing those clients drop that it needs (doiuse-email)", async (_name, make) => {
    const { html } = await make();
    expect(unsupportedFeatures(html)).toEqual([]);
  });

  it("has a title, a light colour scheme, a hidden preview, a 560 px card for Outlook and buttons that keep their colour and padding there", async () => {
    const email = await quote();
    const { html } = email;
    expectEmailFrame(email);
    expect(html).toMatch(/<div style="display:none;mso-hide:all[^"]*"[^>]*>Your quote/);
    expect(html).toMatch(/<td align="center" bgcolor="#6E5029" style="[^"]*mso-padding-alt:12px 24px[^"]*"><a href="[^"]+"[^>]*>Book now<\/a><\/td>/);
  });

  it("keeps each line of a visitor's message, with <br>, not white-space that Outlook and Samsung Email ignore", async () => {
    const { html, text } = await contact();
    expect(html).toMatch(/Hello,<br\/>line two<br\/>line three/);
    expect(html).not.toContain("pre-wrap");
    expect(text).toMatch(/Hello,\nline two\nline three/);
  });
});
