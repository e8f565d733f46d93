import { describe, expect, it } from "vitest";
import { emailBrand } from "~/modules/site/email-brand";
import { expectEmailFrame, unsupportedFeatures } from "../../../tests/support/email-clients";
import { fixture } from "../../../tests/support/fixture";
import { renderTemplateEmail } from "./applicant-emails.server";
import { defaultTemplates, emailTemplateNames } from "./email-templates";

// The four emails staff edit and send to applicants, held to the same checks
// as every other email (app/modules/submissions/email-clients.test.tsx).

const brand = emailBrand(fixture.settings, "https://base.example.com");

/** An applicant email as staff send it: the shipped wording, filled in for one applicant. */
const render = (name: (typeof emailTemplateNames)[number]) =>
  renderTemplateEmail(brand, defaultTemplates[name], {
    first_name: "Ola",
    salon: fixture.settings.name,
    role: "an apprentice",
    when: "Tuesday 1 December 2026 at 10:00",
    place: "The training room, first floor",
  });

describe("finding: the four editable applicant emails lacked the title, the dark-mode meta and Outlook's fallback the other emails have", () => {
  it.each(emailTemplateNames)("the %s email is on the same frame: title, colour-scheme meta, Outlook's 560 px card", async (name) => {
    const email = await render(name);
    expectEmailFrame(email);
    // The preview line mail apps show, hidden in the message itself.
    expect(email.html).toMatch(/<div style="display:none;mso-hide:all[^"]*"[^>]*>/);
  });

  it.each(emailTemplateNames)("the %s email uses nothing Outlook for Windows or Samsung Email drops that it needs (doiuse-email)", async (name) => {
    expect(unsupportedFeatures((await render(name)).html)).toEqual([]);
  });

  it("keeps its text as the salon wrote it, filled in", async () => {
    const { text, subject } = await render("unsuccessful");
    expect(subject).toBe(`Your application to ${fixture.settings.name}`);
    expect(text).toMatch(/^Hi Ola,\n\nThank you for applying to join /);
    expect(text).not.toContain("{{");
  });
});
