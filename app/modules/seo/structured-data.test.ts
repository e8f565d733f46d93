import { describe, expect, it } from "vitest";
import { publicSettings } from "~/modules/site/public-settings";
import { upcomingOpenEvenings } from "~/modules/site/open-evenings";
import { apprenticeshipData, blogPostingData, breadcrumbData, hairSalonData, londonOffset, openEveningsData } from "./structured-data";
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

  it("describes a page's place as a BreadcrumbList from the home page down, each step with position, name and address", () => {
    const data = breadcrumbData([{ name: "Blog", path: "/blog" }, { name: "A post", path: "/blog/a-post" }], "https://base.example.com");
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://base.example.com/" },
        { "@type": "ListItem", position: 2, name: "Blog", item: "https://base.example.com/blog" },
        { "@type": "ListItem", position: 3, name: "A post", item: "https://base.example.com/blog/a-post" },
      ],
    });
  });

  it("describes a post as a BlogPosting", () => {
    const post = content.blogPosts[0]!;
    const data = blogPostingData(post, settings, "https://base.example.com");
    expect(data).toMatchObject({ "@type": "BlogPosting", headline: post.title, datePublished: post.date });
    expect(data.author.name).toBe(post.author);
  });

  it("describes a dated open evening as an Event with what search engines require, and none without a date or once past", () => {
    const evening = upcomingOpenEvenings(content.settings, "2026-11-26")[0]!;
    const [data] = openEveningsData(settings, "https://base.example.com", "2026-11-26");
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Event",
      startDate: `${evening.date}T${evening.starts}:00${londonOffset(evening.date)}`,
      endDate: `${evening.date}T${evening.ends}:00${londonOffset(evening.date)}`,
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      eventStatus: "https://schema.org/EventScheduled",
      location: { "@type": "Place", address: { "@type": "PostalAddress", postalCode: content.settings.address.postcode, addressCountry: "GB" } },
    });
    expect(data!.name).toBeTruthy();
    expect(openEveningsData({ ...settings, openEvening: undefined }, "https://base.example.com", "2026-11-26")).toEqual([]);
    expect(openEveningsData(settings, "https://base.example.com", "2100-01-01")).toEqual([]);
  });

  it("describes each open evening still to come as its own Event, at its own place when it names one", () => {
    const atSalon = { date: "2027-03-11", starts: "18:00", ends: "20:00" };
    const atCollege = { date: "2027-09-30", starts: "18:30", ends: "20:30", place: { name: "Larkfield College hall", street: "1 College Road", town: "Larkfield", postcode: "LK1 2AB" } };
    const past = { date: "2026-03-12", starts: "18:00", ends: "20:00" };
    const data = openEveningsData({ ...settings, openEvening: [atCollege, past, atSalon] }, "https://base.example.com", "2026-11-26");
    expect(data.map((e) => e.startDate)).toEqual([`2027-03-11T18:00:00+00:00`, `2027-09-30T18:30:00+01:00`]);
    expect(data[0]!.location).toMatchObject({ name: content.settings.name, address: { postalCode: content.settings.address.postcode } });
    expect(data[1]!.location).toEqual({
      "@type": "Place",
      name: "Larkfield College hall",
      address: { "@type": "PostalAddress", streetAddress: "1 College Road", addressLocality: "Larkfield", postalCode: "LK1 2AB", addressCountry: "GB" },
    });
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
