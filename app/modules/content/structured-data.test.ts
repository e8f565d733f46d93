import { describe, expect, it } from "vitest";
import { loadContent } from "./load-content.server";
import { publicSettings } from "./public-settings";
import { blogPostingData, hairSalonData } from "./structured-data";

describe("structured data", () => {
  const content = loadContent("content");
  const settings = publicSettings(content.settings);

  it("describes the academy as a HairSalon with address, phone, hours and sister salons", () => {
    const data = hairSalonData(settings, "https://base.example.com", content.salons);
    expect(data["@type"]).toBe("HairSalon");
    expect(data.telephone).toBe("+441632960412");
    expect(data.address.postalCode).toBe("AB1 2BA");
    expect(data.openingHoursSpecification).toHaveLength(5);
    expect(data.openingHoursSpecification[0]).toMatchObject({ dayOfWeek: "https://schema.org/Tuesday", opens: "09:00", closes: "17:00" });
    expect(data.memberOf.member.map((m) => m.name)).toEqual(["Northgate Salon", "Kingsway Hairdressing"]);
    expect(data.memberOf.name).toBe("Base Hair Academy, Northgate Salon and Kingsway Hairdressing");
  });

  it("describes a post as a BlogPosting", () => {
    const post = content.blogPosts[0]!;
    const data = blogPostingData(post, settings, "https://base.example.com");
    expect(data).toMatchObject({ "@type": "BlogPosting", headline: post.title, datePublished: post.date });
    expect(data.author.name).toBe(post.author);
  });
});
