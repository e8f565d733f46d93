import { describe, expect, it } from "vitest";
import { engines } from "../support/databases";
import { fixture } from "../support/fixture";
import { decode, element, headings, structuredData, textOf, titleOf } from "../support/html";
import { staffTeamFor } from "../support/staff-team";
import { caughtUp } from "../support/test-server";
import { formatPounds } from "~/utils/money";

// Decision 0070: offers that are the same deal at different levels (the fixture's three Thursday colour offers,
// for a Trainee, an Improver and a Stylist) share one card on the offers list, which lists the levels with each
// level's price and a link to its own page. The pages, the sitemap and their JSON-LD stay one per offer; a page's
// title names its level, as the offers share their words.

const { offers: all, claims } = fixture.copy.offers;
const thursday = ["thursday-colour-trainee", "thursday-colour-improver", "thursday-colour-stylist"].map((slug) => all.find((o) => o.slug === slug)!);
const levelNames = ["Trainee", "Improver", "Stylist"];
const levelClaims = [claims.thursdayColourTrainee!, claims.thursdayColourImprover!, claims.thursdayColourStylist!];

/** The cards in the page's main part: each <article>. */
const cardsOf = (html: string) =>
  element(html, "main")!
    .split("<article")
    .slice(1)
    .map((chunk) => chunk.slice(0, chunk.indexOf("</article>")));
/** Each link's address and name, its inline parts run together as a browser reads them. */
const linksOf = (html: string) =>
  [...html.matchAll(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => ({ href: m[1]!, name: decode(m[2]!.replace(/<[^>]+>/g, "")).replace(/\s+/g, " ").trim() }));

describe.each(engines)("offers that differ only by level, on %s", (engine) => {
  const team = staffTeamFor(engine, { pages: true });
  const get = async (path: string) => {
    const response = await fetch(`${team.server.url}${path}`);
    return { status: response.status, html: await response.text() };
  };
  /** The offers list's card that links to `slug`'s page. */
  const cardOf = async (slug: string) => cardsOf((await get("/offers")).html).filter((c) => c.includes(`href="/offers/${slug}"`));
  /** The studio's form for one offer, as a manager sends it with only its level changed. */
  const setLevel = (slug: string, level: string) =>
    team.morgan.request("POST", "/staff/studio/offers", { form: { intent: "offer", slug, level }, headers: { origin: team.server.url } });


  it("are one card on the offers list, listing each level with its price and a link to its page", async () => {
    const { html } = await get("/offers");
    const cards = cardsOf(html);
    const together = cards.filter((c) => thursday.some((o) => c.includes(`href="/offers/${o.slug}"`)));
    expect(together).toHaveLength(1);
    const card = together[0]!;
    // Its words said once: the title is a heading, not a link (the levels are the links).
    expect(headings(html, 2).filter((h) => h === thursday[0]!.title)).toHaveLength(1);
    expect(textOf(card)).toContain(thursday[0]!.headline);
    expect(textOf(card)).toContain("New clients");
    expect(textOf(card)).toContain("By level: Colour and blow-dry");
    // A list of the levels, in the levels' order, each with its own page and its price before and with the offer.
    const list = card.slice(card.indexOf("<ul"), card.indexOf("</ul>"));
    expect(list).toMatch(/<ul aria-labelledby="levels-thursday-colour-trainee"/);
    const items = list.split("<li").slice(1);
    expect(items).toHaveLength(3);
    items.forEach((item, i) => {
      expect(linksOf(item)).toEqual([{ href: `/offers/${thursday[i]!.slug}`, name: `${levelNames[i]}: ${thursday[i]!.title}` }]);
      expect(levelClaims[i]!.was).toBeGreaterThan(levelClaims[i]!.price);
      expect(textOf(item)).toContain(`${formatPounds(levelClaims[i]!.was!)} now ${formatPounds(levelClaims[i]!.price)}`);
    });
    // The picture is the first level's that has one (the Trainee's).
    expect(card).toContain("/images/offers/thursday-colour-trainee-");
    // The other offers keep a card each, and no link on the page shares its name with another.
    expect(cards.filter((c) => c.includes('href="/offers/graduate"'))).toHaveLength(1);
    const names = linksOf(element(html, "main")!).map((l) => l.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("keeps each level's page, its JSON-LD and its place in the sitemap", async () => {
    const sitemap = (await get("/sitemap.xml")).html;
    for (const [i, offer] of thursday.entries()) {
      const { status, html } = await get(`/offers/${offer.slug}`);
      expect(status).toBe(200);
      expect(headings(html, 1)).toEqual([offer.title]);
      // Its words are its levels' too: the page's title and kicker name its level, so no two pages share a title.
      expect(titleOf(html)).toContain(`${offer.title} (${levelNames[i]})`);
      expect(textOf(element(html, "main")!)).toContain(`New clients · ${levelNames[i]}`);
      const main = textOf(element(html, "main")!);
      expect(main).toContain(`With any of our ${levelNames[i]}s.`);
      expect(main).toContain(`Colour and blow-dry ${formatPounds(levelClaims[i]!.was!)} now ${formatPounds(levelClaims[i]!.price)}`);
      const crumbs = structuredData(html).find((d) => (d as { "@type": string })["@type"] === "BreadcrumbList") as { itemListElement: { item?: string; name: string }[] };
      expect(crumbs.itemListElement.at(-1)).toMatchObject({ name: offer.title });
      expect(decode(sitemap)).toContain(`/offers/${offer.slug}</loc>`);
    }
  });

  it("are told apart in the studio's list of offers: each row names its level beside the title they share", async () => {
    const response = await team.morgan.request("GET", "/staff/studio/offers");
    expect(response.status).toBe(200);
    const html = await response.text();
    const summaries = thursday.map((o) => {
      const row = html.slice(html.indexOf(`id="offer-item-${o.slug}"`));
      return textOf(row.slice(row.indexOf("<summary"), row.indexOf("</summary>")));
    });
    summaries.forEach((summary, i) => {
      expect(summary).toContain(thursday[i]!.title);
      expect(summary).toContain(levelNames[i]);
    });
    expect(new Set(summaries).size).toBe(3);
  });

  it("takes an offer's level from the studio's form: taken off, the offer leaves the card; given back, it rejoins; a level the salon has not is refused beside the field", async () => {
    const stylistOffer = thursday[2]!;
    const off = await setLevel(stylistOffer.slug, "");
    expect(off.status).toBe(200);
    expect(await off.text()).toContain(`Offer “${stylistOffer.title}”: not one level`);
    await caughtUp(team.server);
    const [card] = await cardOf(thursday[0]!.slug);
    expect(card!.slice(card!.indexOf("<ul"), card!.indexOf("</ul>")).split("<li").slice(1)).toHaveLength(2);
    expect(await cardOf(stylistOffer.slug)).toEqual([expect.not.stringContaining(thursday[0]!.slug)]);

    const back = await setLevel(stylistOffer.slug, String(stylistOffer.level));
    expect(back.status).toBe(200);
    expect(await back.text()).toContain(`Offer “${stylistOffer.title}”: for Stylists`);
    await caughtUp(team.server);
    expect(await cardOf(stylistOffer.slug)).toEqual([expect.stringContaining(`href="/offers/${thursday[0]!.slug}"`)]);

    const refused = await setLevel(stylistOffer.slug, "99");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Choose a level from the list");
  });
});
