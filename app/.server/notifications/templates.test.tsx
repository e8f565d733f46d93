import { describe, expect, it } from "vitest";
import { renderApplicantAlert, renderApplicantThankYou, renderCannedResponse, type ApplicantMessageData } from "./applicants";
import { renderContactMessage } from "./contact";
import type { EmailBrand } from "./layout";
import { quoteTextMessage, renderQuoteEmail } from "./quote";

const brand: EmailBrand = {
  name: "Base Hair Academy",
  phone: "01632 960 412",
  address: "12 Bridge Street, Ashbridge, AB1 2BA",
  publicUrl: "https://base.example.com",
  bookingUrl: "https://bookings.example.com/base",
};
const applicant: ApplicantMessageData = {
  id: 42,
  firstName: "Leah",
  fullName: "Leah Marsh",
  role: "Apprentice",
  position: "At school or college",
  salonName: "Base Hair Academy",
};

describe("email templates", () => {
  it("each has a subject, HTML and a plain-text twin carrying the salon's address and phone", async () => {
    const emails = await Promise.all([
      renderApplicantThankYou(brand, applicant),
      renderApplicantAlert(brand, applicant),
      renderCannedResponse(brand, applicant, "unsuccessful"),
      renderCannedResponse(brand, applicant, "maybe"),
      renderContactMessage(brand, { name: "Tom", email: "tom@example.com", message: "Hello\n\nDo you do beards?" }),
      renderQuoteEmail(brand, {
        firstName: "Tom",
        link: "abcdefghijkl",
        services: [{ service: "Men's Cut", price: 25 }],
        total: 25,
        stylist: null,
        level: { name: "Graduate Stylist" },
        salonName: "Base Hair Academy",
        regular: true,
        offer: null,
      }),
    ]);
    for (const email of emails) {
      expect(email.subject.length).toBeGreaterThan(5);
      expect(email.html).toMatch(/^<!DOCTYPE html/i);
      expect(email.html).toContain('lang="en-GB"');
      for (const body of [email.html, email.text]) {
        expect(body).toContain("12 Bridge Street, Ashbridge, AB1 2BA");
        expect(body).toContain("01632 960 412");
      }
      expect(email.text).not.toContain("<");
    }
  });

  it("thanks an applicant and says one application covers all three salons", async () => {
    const email = await renderApplicantThankYou(brand, applicant);
    expect(email.text).toContain("Hi Leah");
    expect(email.text).toContain("all three of our salons");
  });

  it("alerts staff with a link to the application but no contact details", async () => {
    const email = await renderApplicantAlert(brand, { ...applicant, possibleDuplicate: true });
    expect(email.subject).toBe("New application: Leah Marsh (Apprentice)");
    expect(email.text).toContain("https://base.example.com/applicant/42");
    expect(email.text).toContain("applied in the last 30 days");
  });

  it("writes different canned replies for unsuccessful and maybe", async () => {
    const no = await renderCannedResponse(brand, applicant, "unsuccessful");
    const maybe = await renderCannedResponse(brand, applicant, "maybe");
    expect(no.text).toContain("will not be taking it further");
    expect(maybe.text).toContain("keep your details on file");
  });

  it("escapes what visitors type", async () => {
    const email = await renderContactMessage(brand, { name: "<b>Eve</b>", email: "eve@example.com", message: "<script>x</script>" });
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain("<b>Eve</b>");
  });

  it("shows the first-visit offer only to new clients", async () => {
    const base = {
      firstName: "Sam",
      link: "abcdefghijkl",
      services: [{ service: "Roots", price: 20 }],
      total: 20,
      stylist: null,
      level: { name: "Apprentice" },
      salonName: "Base Hair Academy",
    };
    const newClient = await renderQuoteEmail(brand, {
      ...base,
      regular: false,
      offer: { code: "QG20", percent: 20, discountedTotal: 16, expiresAt: "2026-12-01T12:00:00Z" },
    });
    const regular = await renderQuoteEmail(brand, { ...base, regular: true, offer: null });
    expect(newClient.text).toContain("QG20");
    expect(newClient.text).toContain("1st December 2026");
    expect(newClient.text).toContain("skin test");
    expect(regular.text).not.toContain("QG20");
    expect(regular.text).not.toContain("skin test");
  });
});

describe("the quote text message", () => {
  it("fits one SMS segment for an ordinary name and address", () => {
    const text = quoteTextMessage(brand, { firstName: "Alexandra", link: "Zk3_q9Lm2XwA7bTcQ1" });
    expect(text).toBe("Hi Alexandra, here's a link to your quote at Base Hair Academy: https://base.example.com/quote/Zk3_q9Lm2XwA7bTcQ1");
    expect(text.length).toBeLessThanOrEqual(160);
  });
});
