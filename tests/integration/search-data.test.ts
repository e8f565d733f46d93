import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { salonToday } from "~/utils/dates";
import { upcomingOpenEvenings } from "~/modules/site/open-evenings";
import { engines } from "../support/databases";
import { fixture, offers, people } from "../support/fixture";
import { canonicalOf, structuredData } from "../support/html";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * What search engines read from the rendered pages: schema.org data parsed
 * from each page's JSON-LD and checked for the properties Google's rich
 * results require, the sitemap, and the robots meta.
 */
const offsetDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
const eventShape = z.object({
  "@context": z.literal("https://schema.org"),
  "@type": z.literal("Event"),
  name: z.string().min(1),
  startDate: offsetDateTime,
  endDate: offsetDateTime,
  location: z.object({
    "@type": z.literal("Place"),
    name: z.string().min(1),
    address: z.object({ "@type": z.literal("PostalAddress"), streetAddress: z.string().min(1), addressLocality: z.string().min(1), postalCode: z.string().min(1), addressCountry: z.literal("GB") }),
  }),
});
const breadcrumbShape = z.object({
  "@context": z.literal("https://schema.org"),
  "@type": z.literal("BreadcrumbList"),
  itemListElement: z
    .array(z.object({ "@type": z.literal("ListItem"), position: z.number().int().positive(), name: z.string().min(1), item: z.url() }))
    .min(2),
});

const ofType = (html: string, type: string) => structuredData(html).filter((d) => (d as { "@type"?: string })["@type"] === type);

describe.each(engines)("finding: search engines got no Event, no BreadcrumbList and the COVID pages (on %s)", (engine) => {
  let server: TestServer;
  const page = async (path: string) => {
    const response = await fetch(server.url + path);
    return { status: response.status, html: await response.text() };
  };

  beforeAll(async () => {
    server = await startTestServer(engine, {}, { pages: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("describes each open evening to come as an Event: name, start with its offset, and its place with an address", async () => {
    const { status, html } = await page("/open-evening");
    expect(status).toBe(200);
    const events = ofType(html, "Event").map((e) => eventShape.parse(e));
    const evenings = upcomingOpenEvenings(fixture.settings, salonToday());
    expect(evenings.length).toBeGreaterThan(1);
    expect(events.map((e) => e.startDate.slice(0, 16))).toEqual(evenings.map((e) => `${e.date}T${e.starts}`));
    for (const [i, evening] of evenings.entries()) {
      const where = evening.place ?? { name: fixture.settings.name, ...fixture.settings.address };
      expect(events[i]!.location).toMatchObject({ name: where.name, address: { streetAddress: where.street, addressLocality: where.town, postalCode: where.postcode } });
    }
    // The evening held elsewhere is there with its own place, not the school's address.
    expect(events.some((e) => e.location.address.postalCode !== fixture.settings.address.postcode)).toBe(true);
  });

  const trails: [string, string, string[]][] = [
    ["a stylist's profile", `/team/${people.lead.slug}`, ["Home", "Team", people.lead.name]],
    ["a blog post", `/blog/${fixture.blogPosts[0]!.slug}`, ["Home", "Blog", fixture.blogPosts[0]!.title]],
    ["an offer", `/offers/${offers.ofStylist.slug}`, ["Home", "Offers", offers.ofStylist.title]],
    ["the price list", "/prices/list", ["Home", "Prices", "Price list"]],
    ["the stylist levels", "/prices/levels", ["Home", "Prices", "Our stylist levels"]],
  ];

  it.each(trails)("gives %s a BreadcrumbList from the home page to the page, each step a page of the site", async (_name, path, names) => {
    const { status, html } = await page(path);
    expect(status).toBe(200);
    const lists = ofType(html, "BreadcrumbList");
    expect(lists).toHaveLength(1);
    const steps = breadcrumbShape.parse(lists[0]).itemListElement;
    expect(steps.map((s) => s.name)).toEqual(names);
    expect(steps.map((s) => s.position)).toEqual(names.map((_n, i) => i + 1));
    expect(steps[0]!.item).toBe(`${server.url}/`);
    // The last step is the page itself, at its canonical address; every step answers.
    expect(steps.at(-1)!.item).toBe(canonicalOf(html));
    for (const step of steps) expect({ step: step.item, status: (await fetch(step.item)).status }).toEqual({ step: step.item, status: 200 });
  });

  it("leaves the COVID pages out of the sitemap and marks them noindex; other pages are listed and indexable", async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(listed).toContain("/policies");
    expect(listed).toContain(`/team/${people.lead.slug}`);
    expect(listed).not.toContain("/corona");
    expect(listed).not.toContain("/reopening");
    const noindex = /<meta name="robots" content="noindex"\s*\/?>/;
    for (const path of ["/corona", "/reopening"]) {
      const { status, html } = await page(path);
      expect(status).toBe(200);
      expect(html).toMatch(noindex);
    }
    for (const path of ["/policies", `/team/${people.lead.slug}`]) expect((await page(path)).html).not.toMatch(/name="robots"/);
  });
});
