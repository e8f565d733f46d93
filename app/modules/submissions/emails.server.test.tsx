import { describe, expect, it } from "vitest";
import { emailBrand } from "~/modules/site/email-brand";
import { renderApplicantAlert, renderApplicantThankYou, type ApplicantMessageData } from "./applicant-emails.server";
import { renderContactMessage } from "./contact-email.server";
import { expectSalonEmail } from "../../../tests/support/emails";
import { fixture } from "../../../tests/support/fixture";

const brand = emailBrand(fixture.settings, "https://base.example.com");
const applicant: ApplicantMessageData = {
  id: 42,
  firstName: "Leah",
  fullName: "Leah Marsh",
  role: "Apprentice",
  position: "At school or college",
  salonName: brand.name,
};

describe("applicant and contact emails", () => {
  it("each has a subject, HTML and a plain-text twin carrying the salon's address and phone", async () => {
    const emails = await Promise.all([
      renderApplicantThankYou(brand, applicant),
      renderApplicantAlert(brand, applicant),
      renderContactMessage(brand, { name: "Tom", email: "tom@example.com", message: "Hello\n\nDo you do beards?" }),
    ]);
    for (const email of emails) expectSalonEmail(email);
  });

  it("thanks an applicant and says one application covers all three salons", async () => {
    const email = await renderApplicantThankYou(brand, applicant);
    expect(email.text).toContain("Hi Leah");
    expect(email.text).toContain("all three of our salons");
    expect(email.text).toMatch(/join us as an\s+Apprentice/);
    expect((await renderApplicantThankYou(brand, { ...applicant, role: "Stylist" })).text).toMatch(/join us as a\s+Stylist/);
    expect((await renderApplicantThankYou(brand, { ...applicant, role: "Saturday" })).text).toMatch(/join us as part of our\s+Saturday and evening team/);
  });

  it("alerts staff with a link to the application but no contact details", async () => {
    const email = await renderApplicantAlert(brand, { ...applicant, possibleDuplicate: true });
    expect(email.subject).toBe("New application: Leah Marsh (Apprentice)");
    expect(email.text).toContain("https://base.example.com/applicant/42");
    expect(email.text).toContain("applied in the last 30 days");
  });

  it("escapes what visitors type", async () => {
    const email = await renderContactMessage(brand, { name: "<b>Eve</b>", email: "eve@example.com", message: "<script>x</script>" });
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain("<b>Eve</b>");
  });
});
