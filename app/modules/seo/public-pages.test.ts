import { describe, expect, it } from "vitest";
import { expandPublicPages, findPublicPage } from "./public-pages";

describe("the public pages list", () => {
  it("finds exact paths before patterns", () => {
    expect(findPublicPage("/offers")?.path).toBe("/offers");
    expect(findPublicPage("/offers/spring")?.path).toBe("/offers/:slug");
    expect(findPublicPage("/team/")?.path).toBe("/team");
    expect(findPublicPage("/prices")?.path).toBe("/prices");
    expect(findPublicPage("/prices/freya")?.path).toBe("/prices/:stylist");
    expect(findPublicPage("/nowhere")).toBeUndefined();
    expect(findPublicPage("/team/a/b")).toBeUndefined();
  });

  it("lists canonical, built pages for the sitemap", () => {
    const all = expandPublicPages({ "/team/:slug": ["freya"] });
    const sitemap = expandPublicPages({ "/team/:slug": ["freya"] }, { forSitemap: true });
    expect(all).toEqual(expect.arrayContaining(["/info", "/teaminfo", "/team/freya", "/gift-voucher"]));
    expect(sitemap).toContain("/team/freya");
    expect(sitemap).not.toContain("/info");
    expect(sitemap).not.toContain("/gift-voucher");
    expect(sitemap).toContain("/prices");
    expect(sitemap).toContain("/joinus");
  });
});
