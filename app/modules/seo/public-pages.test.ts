import { describe, expect, it } from "vitest";
import { expandPublicPages, findPublicPage, type PublicPage } from "./public-pages";

const pages: PublicPage[] = [
  { path: "/" },
  { path: "/info", canonical: "/" },
  { path: "/team" },
  { path: "/teaminfo", canonical: "/team" },
  { path: "/team/:slug" },
  { path: "/offers" },
  { path: "/offers/:slug" },
  { path: "/gift-voucher", redirect: true },
  { path: "/corona", noindex: true },
  { path: "/prices" },
  { path: "/prices/:stylist" },
];

describe("the public pages list", () => {
  it("finds exact paths before patterns", () => {
    expect(findPublicPage(pages, "/offers")?.path).toBe("/offers");
    expect(findPublicPage(pages, "/offers/spring")?.path).toBe("/offers/:slug");
    expect(findPublicPage(pages, "/team/")?.path).toBe("/team");
    expect(findPublicPage(pages, "/prices")?.path).toBe("/prices");
    expect(findPublicPage(pages, "/prices/freya")?.path).toBe("/prices/:stylist");
    expect(findPublicPage(pages, "/nowhere")).toBeUndefined();
    expect(findPublicPage(pages, "/team/a/b")).toBeUndefined();
  });

  it("lists canonical, built pages for the sitemap", () => {
    const all = expandPublicPages(pages, { "/team/:slug": ["freya"] });
    const sitemap = expandPublicPages(pages, { "/team/:slug": ["freya"] }, { forSitemap: true });
    expect(all).toEqual(expect.arrayContaining(["/info", "/teaminfo", "/team/freya", "/gift-voucher"]));
    expect(sitemap).toContain("/team/freya");
    expect(sitemap).not.toContain("/info");
    expect(sitemap).not.toContain("/gift-voucher");
    // A page kept from search engines is a public page (links to it are fine), but not in the sitemap.
    expect(all).toContain("/corona");
    expect(findPublicPage(pages, "/corona")?.noindex).toBe(true);
    expect(sitemap).not.toContain("/corona");
    expect(sitemap).toContain("/prices");
    // A pattern with no slugs given lists nothing.
    expect(sitemap.some((p) => p.startsWith("/offers/"))).toBe(false);
  });
});
