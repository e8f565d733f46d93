import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitText } from "~/utils/text";
import { mapsHref, phoneHref } from "~/modules/site/public-settings";
import { upcomingOpenEvenings } from "~/modules/site/open-evenings";
import { salonToday, salonWeekday } from "~/utils/dates";
import { fixture, people } from "../support/fixture";
import { canonicalOf, decode, element, headings, structuredData, textOf } from "../support/html";
import { startTestServer, type TestServer } from "../support/test-server";

// The visitor's last mile (issue 23), as the server renders it: finding us,
// every review in full, and the small things a visitor trips over.

const { settings } = fixture;
const long = fixture.reviews.reduce((a, b) => (b.review.length > a.review.length ? b : a));

describe("the last mile's pages", () => {
  let server: TestServer;
  const page = async (path: string) => {
    const response = await fetch(server.url + path, { redirect: "manual" });
    return { status: response.status, html: await response.text() };
  };

  beforeAll(async () => {
    server = await startTestServer("sqlite", {}, { pages: true });
  });
  afterAll(() => server?.close());

  it("the contact page shows the way: a maps link, bus, parking and step-free access, and today's hours marked", async () => {
    const { html } = await page("/contact");
    const main = element(html, "main")!;
    expect(decode(main)).toContain(`href="${mapsHref(settings)}"`);
    expect(mapsHref(settings)).toContain(encodeURIComponent(settings.address.postcode));
    for (const words of Object.values(settings.directions)) expect(textOf(main)).toContain(words);
    const today = salonWeekday();
    const marked = [...main.matchAll(/data-today=""[^>]*>\s*<dt[^>]*>([^<]*)/g)].map((m) => m[1]);
    expect(marked).toEqual([today]);
    expect(textOf(main)).toContain(`${today} (today)`);
  });

  it("/reviews shows every review whole, with a place for each and for each stylist", async () => {
    expect(long.review.length).toBeGreaterThan(180);
    const { status, html } = await page("/reviews");
    expect(status).toBe(200);
    const main = textOf(element(html, "main")!);
    for (const review of fixture.reviews) expect(main).toContain(review.review.replace(/\s+/g, " "));
    fixture.reviews.forEach((_r, i) => expect(html).toContain(`id="review-${i + 1}"`));
    for (const slug of new Set(fixture.reviews.map((r) => r.stylist))) expect(html).toContain(`id="${slug}"`);
  });

  it("the landing rotation keeps to 180 characters and links to the whole review; a profile links to its stylist's", async () => {
    const { html } = await page("/");
    const first = fixture.reviews[0]!;
    expect(textOf(html)).toContain(limitText(first.review, 180));
    expect(html).toContain('href="/reviews#review-1"');
    expect(textOf(html)).toContain("Read the whole review");
    const profile = await page(`/team/${people.improver.slug}`);
    expect(profile.html).toContain(`href="/reviews#${people.improver.slug}"`);
  });

  it("About names the salon once at its top: the heading doesn't repeat the name the first line gives", async () => {
    const { html } = await page("/about");
    const [h1] = headings(html, 1);
    expect(h1).toBeTruthy();
    expect(h1).not.toContain(settings.name);
  });

  it("/home sends search engines to /, the page it repeats", async () => {
    const { html } = await page("/home");
    expect(new URL(canonicalOf(html)!).pathname).toBe("/");
  });

  it("the booking guide opened from a sister salon's quote books with that salon", async () => {
    const sister = fixture.salons.find((s) => s.booking)!;
    const { html } = await page(`/bookings?client=existing&service=colour&salon=${sister.id}`);
    const main = element(html, "main")!;
    expect(textOf(main)).toContain(sister.name);
    expect(decode(main)).toContain(`href="${sister.booking!.url}"`);
    expect(decode(main)).toContain(`href="${phoneHref(sister.booking!.phone)}"`);
    expect(decode(main)).toContain(`href="${sister.booking!.skinTest}"`);
    expect(decode(main)).not.toContain(`href="${settings.links.booking}"`);
    // The sister salon's phone is the only one the guide gives: in place of the intro's and in the answer's words.
    const words = textOf(main);
    const answer = fixture.copy.text.bookings.answers.existingColour;
    expect(answer.body.join(" ")).toContain(settings.phone);
    expect(words).toContain(answer.heading);
    expect(words.indexOf(sister.booking!.phone)).toBeGreaterThan(-1);
    expect(words.indexOf(sister.booking!.phone)).toBeLessThan(words.indexOf(answer.heading));
    expect(words).not.toContain(settings.phone);
    expect(decode(main)).not.toContain(`href="${phoneHref(settings.phone)}"`);
    // An unknown salon, or the school's own id: the school's guide.
    for (const salon of ["999", "3", "x"]) {
      const school = element((await page(`/bookings?client=new&service=cut-style&salon=${salon}`)).html, "main")!;
      expect(decode(school)).toContain(`href="${settings.links.booking}"`);
    }
  });

  it("describes the open evening as an Event and the apprenticeship as a JobPosting, and shows the evening's date", async () => {
    const evening = await page("/open-evening");
    const event = structuredData(evening.html).find((d) => (d as { "@type": string })["@type"] === "Event") as { startDate: string } | undefined;
    const next = upcomingOpenEvenings(settings, salonToday())[0]!;
    expect(event?.startDate).toMatch(new RegExp(`^${next.date}T${next.starts}:00[+-]\\d{2}:\\d{2}$`));
    expect(textOf(element(evening.html, "main")!)).toContain("Our next open evening:");
    const joinus = await page("/joinus");
    const job = structuredData(joinus.html).find((d) => (d as { "@type": string })["@type"] === "JobPosting") as { datePosted: string } | undefined;
    expect(job?.datePosted).toBe(settings.apprenticeshipPosted);
  });
});
