import { describe, expect, it } from "vitest";
import { publicSettings } from "~/modules/site/public-settings";
import { blogPostingData, hairSalonData } from "./structured-data";
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
});
