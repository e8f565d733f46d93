import { describe, expect, it } from "vitest";
import { emailBrand } from "~/modules/site/email-brand";
import { emailBookNowHref, quoteTextMessage, renderQuoteEmail } from "./quote-email.server";
import { quotePromise, SKIN_TEST_TEXT } from "./quote-words";
import { expectSalonEmail, sampleQuote } from "../../../tests/support/emails";
import { fixture } from "../../../tests/support/fixture";

const brand = emailBrand(fixture.settings, "https://base.example.com");

/** A returning client's men's cut with a level: the plainest quote. */
const tomsCut = {
  firstName: "Tom",
  link: "abcdefghijkl",
  services: [{ service: "Men's Cut", price: 25 }],
  total: 25,
  stylist: null,
  level: { name: "Graduate Stylist" },
  salonName: brand.name,
  regular: true,
  hasColour: false,
  offer: null,
  minutes: 30,
  booking: { url: fixture.settings.links.booking, phone: fixture.settings.phone, salonId: 3, salonName: fixture.settings.name },
};

describe("the quote email", () => {
  it("has a subject, HTML and a plain-text twin carrying the salon's address and phone", async () => {
    const email = await renderQuoteEmail(brand, tomsCut);
    expectSalonEmail(email);
  });

  it("greets, opens and signs off in the salon's own words where it has set them, the code's elsewhere", async () => {
    const plain = await renderQuoteEmail(brand, tomsCut);
    expect(plain.text).toMatch(/^Hi Tom,$/m);
    expect(plain.text).toContain("Thanks for building a quote with us.");
    const own = emailBrand(fixture.settings, "https://base.example.com", { "email.greeting": "Hello {{first_name}}, lovely to hear from you", "email.quote.signoff": "Speak soon," });
    const email = await renderQuoteEmail(own, tomsCut);
    expect(email.text).toContain("Hello Tom, lovely to hear from you");
    expect(email.text).toContain("Speak soon,");
    expect(email.text).not.toContain("See you soon,");
    expect(email.text).toContain("Thanks for building a quote with us.");
  });

  const base = {
    firstName: "Sam",
    link: "abcdefghijkl",
    services: [{ service: "Roots", price: 20 }],
    total: 20,
    stylist: null,
    level: { name: "Apprentice" },
    salonName: brand.name,
    minutes: 90,
    booking: { url: fixture.settings.links.booking, phone: fixture.settings.phone, salonId: 3, salonName: fixture.settings.name },
  };
  const offer = { code: "QG20", percent: 20, discountedTotal: 16, expiresAt: "2026-12-01T12:00:00Z" };

  it("shows the first-visit offer only to new clients, and calls the quote an estimate for everyone", async () => {
    const newClient = await renderQuoteEmail(brand, { ...base, regular: false, hasColour: false, offer });
    const regular = await renderQuoteEmail(brand, { ...base, regular: true, hasColour: false, offer: null });
    expect(newClient.text).toContain("QG20");
    expect(newClient.text).toContain("1st December 2026");
    expect(newClient.text).toContain(quotePromise(false));
    expect(regular.text).toContain(quotePromise(true));
    expect(regular.text).not.toContain("QG20");
    expect(regular.text).not.toContain("first visit");
  });

  it.each([
    [false, false],
    [false, true],
    [true, false],
    [true, true],
  ])("shows the skin-test note exactly when the quote has colour (regular %s, colour %s)", async (regular, hasColour) => {
    const email = await renderQuoteEmail(brand, { ...base, regular, hasColour, offer: regular ? null : offer });
    expect(email.text.includes(SKIN_TEST_TEXT)).toBe(hasColour);
    expect(email.text.includes("skin test")).toBe(hasColour);
  });

  it("says 'an' before a level whose name starts with a vowel", async () => {
    const email = await renderQuoteEmail(brand, { ...base, regular: true, hasColour: false, offer: null });
    expect(email.text).toMatch(/with an\s+Apprentice/);
    expect(email.text).not.toMatch(/with a\s+Apprentice/);
  });
});

describe("the quote email's frame", () => {
  const quote = sampleQuote({
    services: [{ service: "Full Head Colour (long hair) with a gloss and a blow-dry", price: 75 }],
    total: 75,
    stylist: { name: "Nadia Rahman" },
    level: { name: "Graduate Stylist" },
    salonName: "Base Hair Academy",
    regular: true,
    offer: null,
  });

  it("shows the salon's logo, linked to the site, and its name where a mail app hides pictures", async () => {
    const { html, text } = await renderQuoteEmail(brand, quote);
    const logo = /<img[^>]*>/.exec(html)?.[0] ?? "";
    expect(logo).toContain(`src="${brand.logoUrl}"`);
    expect(logo).toContain(`alt="${brand.name}"`);
    expect(logo).toMatch(/width="192"/);
    expect(html).toMatch(new RegExp(`<a href="${brand.publicUrl}"[^>]*>\\s*<img`));
    expect(text).not.toContain("<img");
    const { html: plain } = await renderQuoteEmail({ ...brand, logoUrl: undefined }, quote);
    expect(plain).not.toContain("<img");
    expect(plain).toContain(`>${brand.name}</p>`);
  });

  it("books with a real button, and keeps the quote's page a second one", async () => {
    const { html, text } = await renderQuoteEmail(brand, quote);
    // Through the site, which sends the client on to the quote's salon (routes/public/go.book.ts); only the quote page's own links are counted.
    const bookAt = emailBookNowHref(brand, quote).replace(/&/g, "&amp;").replace(/[?]/g, "\\?");
    const book = new RegExp(`<a href="${bookAt}"[^>]*style="([^"]*)"[^>]*>Book now</a>`).exec(html);
    expect(book?.[1]).toContain("display:inline-block");
    expect(book?.[1]).toContain("background-color:#6E5029");
    expect(html).toMatch(/<a href="https:\/\/base\.example\.com\/quote\/abcdefghijkl"[^>]*>View your quote<\/a>/);
    // The plain-text twin: each on its own line with its address.
    expect(text).toContain(`Book now ${emailBookNowHref(brand, quote)}\n`);
    expect(text).toContain("View your quote https://base.example.com/quote/abcdefghijkl");
  });

  it("with a stylist who has a booking link of their own: books there, and lists the services beside the button", async () => {
    const rosa = fixture.stylists.find((s) => s.slug === "rosa")!;
    const withRosa = {
      ...quote,
      services: [{ service: "Roots", price: 20 }, { service: "Beach Waves", price: 6 }],
      total: 26,
      stylist: { name: "Rosa Whitlock" },
      hasColour: false,
      offer: null,
      booking: { ...quote.booking, url: rosa.booking_url!, stylistId: rosa.id },
    };
    // A new client goes through the guide, which books with Rosa's own link; a returning one straight there, through the site.
    expect(emailBookNowHref(brand, { ...withRosa, regular: false })).toBe(`https://base.example.com/bookings?client=new&service=cut-style&salon=3&stylist=${rosa.id}`);
    expect(emailBookNowHref(brand, { ...withRosa, regular: true })).toBe(`https://base.example.com/go/book?from=quote&salon=3&stylist=${rosa.id}`);
    const { text } = await renderQuoteEmail(brand, { ...withRosa, regular: true });
    // No platform preselects several services: each is named just before the button.
    expect(text).toMatch(/When you book with Rosa, choose each of these: Roots, Beach Waves\.\s+Book now https:\/\/base\.example\.com\/go\/book/);
  });

  it("lays out for a phone: told the screen's width, one fluid column, nothing wider than a phone", async () => {
    const { html } = await renderQuoteEmail(brand, quote);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(html).toContain("max-width:560px");
    // Outlook for Windows alone reads the conditional comments, which hold the card at 560 px on its desktop.
    expect(html).toContain('<!--[if mso]><table role="presentation" align="center" width="560"');
    const forEveryone = html.replace(/<!--\[if mso\]>[\s\S]*?<!\[endif\]-->/g, "");
    const fixedWidths = [...forEveryone.matchAll(/(?<![-\w])width[:=]"?\s*(\d+)(px)?/g)].map((m) => Number(m[1]));
    expect(fixedWidths).toContain(192);
    expect(fixedWidths.every((w) => w <= 360)).toBe(true);
  });
});

describe("the quote text message", () => {
  it("fits one SMS segment for an ordinary name and address", () => {
    const booking = { url: fixture.settings.links.booking, phone: fixture.settings.phone, salonId: 3, salonName: fixture.settings.name };
    const text = quoteTextMessage(brand, { firstName: "Alexandra", link: "Zk3_q9Lm2XwA7bTcQ1", booking });
    expect(text).toBe(
      `Hi Alexandra, your quote for ${fixture.settings.name}: https://base.example.com/quote/Zk3_q9Lm2XwA7bTcQ1 To book, call ${fixture.settings.phone}`,
    );
    expect(text.length).toBeLessThanOrEqual(160);
  });

  it("names the salon the quote is booked with, and its number, for a sister salon's stylist", () => {
    const [sister] = fixture.salons.filter((s) => s.booking);
    const booking = { url: sister!.booking!.url, phone: sister!.booking!.phone, salonId: sister!.id, salonName: sister!.name };
    const text = quoteTextMessage(brand, { firstName: "Alexandra", link: "Zk3_q9Lm2XwA7bTcQ1", booking });
    expect(text).toContain(sister!.name);
    expect(text).toContain(sister!.booking!.phone);
    expect(text).not.toContain(fixture.settings.phone);
  });
});
