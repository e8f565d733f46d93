import { describe, expect, it } from "vitest";
import { publicSettings } from "~/modules/site/public-settings";
import { apprenticeshipData, blogPostingData, hairSalonData, londonOffset, openEveningData } from "./structured-data";
import { fixture as content, salons } from "../../../tests/support/fixture";

describe("structured data", () => {
  const settings = publicSettings(content.settings);

  it("describes the academy as a HairSalon with address, phone, hours and sister salons", () => {
    const data = hairSalonData(settings, "https://base.example.com", content.salons);
    expect(data["@type"]).toBe("HairSalon");
    // "01632 960 587": the national number without its 0, after the UK's +44.
    expect(data.telephone).toBe("+441632960587");
    expect(data.address.postalCode).toBe(content.settings.address.postcode);
    // Open Tuesday to Saturday; closed Sunday and Monday.
    const open = content.settings.hours.filter((h) => h.opens);
    expect(data.openingHoursSpecification).toHaveLength(open.length);
    expect(data.openingHoursSpecification[0]).toMatchObject({ dayOfWeek: `https://schema.org/${open[0]!.day}`, opens: open[0]!.opens, closes: open[0]!.closes });
    expect(data.memberOf.member.map((m) => m.name)).toEqual([salons.other.name, salons.sister.name]);
    expect(data.memberOf.name).toBe(`${salons.school.name}, ${salons.other.name} and ${salons.sister.name}`);
  });

  it("describes a post as a BlogPosting", () => {
    const post = content.blogPosts[0]!;
    const data = blogPostingData(post, settings, "https://base.example.com");
    expect(data).toMatchObject({ "@type": "BlogPosting", headline: post.title, datePublished: post.date });
    expect(data.author.name).toBe(post.author);
  });

  it("describes a dated open evening as an Event with what search engines require, and none without a date or once past", () => {
    const evening = content.settings.openEvening!;
    const data = openEveningData(settings, "https://base.example.com", "2026-11-26")!;
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Event",
      startDate: `${evening.date}T${evening.starts}:00${londonOffset(evening.date)}`,
      endDate: `${evening.date}T${evening.ends}:00${londonOffset(evening.date)}`,
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      eventStatus: "https://schema.org/EventScheduled",
      location: { "@type": "Place", address: { "@type": "PostalAddress", postalCode: content.settings.address.postcode, addressCountry: "GB" } },
    });
    expect(data.name).toBeTruthy();
    expect(openEveningData({ ...settings, openEvening: undefined }, "https://base.example.com", "2026-11-26")).toBeUndefined();
    expect(openEveningData(settings, "https://base.example.com", "2100-01-01")).toBeUndefined();
  });

  it("knows British Summer Time from Greenwich Mean Time", () => {
    expect(londonOffset("2027-07-01")).toBe("+01:00");
    expect(londonOffset("2027-01-15")).toBe("+00:00");
  });

  it("describes the apprenticeship as a JobPosting with what search engines require", () => {
    const data = apprenticeshipData(settings, "https://base.example.com", "Level 2 and Level 3");
    expect(data).toMatchObject({
      "@type": "JobPosting",
      datePosted: content.settings.apprenticeshipPosted,
      hiringOrganization: { "@type": "Organization", name: content.settings.name },
      jobLocation: { "@type": "Place", address: { "@type": "PostalAddress", streetAddress: content.settings.address.street } },
      directApply: true,
    });
    expect(String(data.title)).toMatch(/apprentice/i);
    expect(String(data.description)).toContain("Level 2 and Level 3");
  });
});
