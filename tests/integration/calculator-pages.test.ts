import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../support/databases";
import { levelNotOfferedMessage } from "~/modules/pricing/pricing";
import { quotePromise, SKIN_TEST_TEXT, SKIN_TEST_TITLE } from "~/modules/quotes/quote-words";
import { MOBILE_HINT } from "~/components/forms/public-forms";
import { decode, element, headings, textOf } from "../support/html";
import { fixture, level, people, salons, schoolTeam, services as s, topLevel } from "../support/fixture";
import { startTestServer, type TestServer } from "../support/test-server";

// The calculator keeps its state in the address, so its guards and dead ends
// are proven on the server's pages; the browser tests walk the journeys.
describe.each(engines)("the calculator's guards and dead ends on %s", (engine) => {
  let server: TestServer;
  const get = (path: string) => fetch(server.url + path, { redirect: "manual" });
  const page = async (path: string) => {
    const response = await get(path);
    expect(response.status, path).toBe(200);
    return response.text();
  };
  /** The button that stands in for a level link at the limit: shown, but disabled. */
  const disabled = (html: string, label: string) => new RegExp(`<button[^>]*\\bdisabled=""[^>]*>${label}</button>`).test(html);
  const linked = (html: string, label: string) => new RegExp(`<a\\b[^>]*href="[^"]+"[^>]*>${label}</a>`).test(html);

  beforeAll(async () => {
    server = await startTestServer(engine, {}, { pages: true });
  });
  afterAll(() => server?.close());

  it("sends every later step back to /prices until a type is chosen", async () => {
    for (const path of ["/prices/calculator", "/prices/total-by-level", "/prices/total-by-stylist", "/prices/total-by-price", "/prices/finish"]) {
      const response = await get(path);
      expect(response.status, path).toBe(302);
      expect(new URL(response.headers.get("location")!, server.url).pathname, path).toBe("/prices");
    }
  });

  it("says a stylist is not taking new clients, and offers no way to save their quote", async () => {
    const { notTaking, improver } = people;
    const totals = (slug: string) => page(`/prices/total-by-stylist?type=cutting&by=stylist&stylist=${slug}&finish=${s.cut.id}&fadd=none&treat=none&regular=no`);
    const html = await totals(notTaking.slug);
    expect(textOf(html)).toContain(`${notTaking.first_name} isn't taking new clients at the moment`);
    expect(textOf(html)).not.toContain("Save my quote");
    expect(textOf(await totals(improver.slug))).toContain("Save my quote");
  });

  it("finding: a returning client could not choose a stylist who takes no new clients", async () => {
    const { notTaking } = people;
    const query = `type=cutting&by=stylist&finish=${s.cut.id}&fadd=none&treat=none`;
    const regular = await page(`/prices/total-by-stylist?${query}&stylist=${notTaking.slug}&regular=yes`);
    expect(textOf(regular)).not.toContain(`${notTaking.first_name} isn't taking new clients at the moment`);
    expect(textOf(regular)).toContain("Save my quote");
    // Her card offers 'Choose' to a returning client only.
    const chooseLabel = `Choose ${notTaking.first_name}`;
    expect(textOf(await page(`/prices/calculator?${query}&regular=yes`))).toContain(chooseLabel);
    expect(textOf(await page(`/prices/calculator?${query}&regular=no`))).not.toContain(chooseLabel);
  });

  it("stops at the top level, and goes down to the next level the salon offers", async () => {
    // The default salon has levels 5 and 7: down from the top goes to 5, past the 6 nobody there works at.
    const top = await page(`/prices/total-by-level?type=men&by=level&salon=${salons.sister.id}&level=${topLevel.id}&cut=${s.mensCut.id}&mcol=none&regular=no`);
    expect(disabled(top, "Up a level")).toBe(true);
    expect(linked(top, "Down a level")).toBe(true);
    const down = /<a\b[^>]*href="([^"]+)"[^>]*>Down a level<\/a>/.exec(top)![1]!.replace(/&amp;/g, "&");
    const lower = await page(down);
    expect(textOf(/data-testid="level-name"[^>]*>([^<]+)</.exec(lower)![1]!)).toBe(level(5).name);
    expect(disabled(lower, "Down a level")).toBe(true);
  });

  it("offers only the levels the chosen salon has, and refuses the rest with the reason", async () => {
    // The academy (the salon whose website is this site) is where the calculator starts: levels 1, 3 and 4.
    const step = await page("/prices/calculator?type=men&by=level&regular=no");
    expect(step).toMatch(new RegExp(`aria-current="true"[^>]*>${salons.school.name}<`));
    expect(headings(step, 3)).toContain(`Choose a level at ${salons.school.name}`);
    const offered = (html: string) =>
      fixture.levels.filter((l) => new RegExp(`<span class="font-semibold">${l.name}</span>`).test(html)).map((l) => l.id);
    expect(offered(step)).toEqual([1, 3, 4]);
    expect(offered(await page(`/prices/calculator?type=men&by=level&regular=no&salon=${salons.sister.id}`))).toEqual([5, 7]);
    expect(step).toContain('href="/prices/levels"');

    // An address with a level the salon lacks: no total, and the reason.
    const totals = await page(`/prices/total-by-level?type=men&by=level&level=2&cut=${s.mensCut.id}&mcol=none&regular=no&salon=${salons.other.id}&show=stylists`);
    expect(textOf(totals)).toContain(levelNotOfferedMessage(level(2).name, salons.other.name));
    expect(totals).not.toContain('data-testid="quote-total"');
  });

  it("stops at level 1, where a New Starter's men's cut is dropped with the spec's reason", async () => {
    const html = await page(`/prices/total-by-level?type=men&by=level&salon=${salons.school.id}&level=1&cut=${s.mensCut.id}&mcol=none&regular=no`);
    expect(disabled(html, "Down a level")).toBe(true);
    expect(textOf(html)).toContain(`${s.mensCut.service}: Unfortunately New Starters are not qualified`);
  });

  it("makes saving the main action on both totals pages, and asks about a last visit only at the start", async () => {
    const { improver } = people;
    const choices = `type=men&regular=no&cut=${s.mensCut.id}&mcol=none`;
    for (const path of [
      `/prices/total-by-level?${choices}&by=level&salon=${salons.school.id}&level=${improver.level}`,
      `/prices/total-by-stylist?${choices}&by=stylist&stylist=${improver.slug}`,
    ]) {
      const html = await page(path);
      const save = /<a\b[^>]*class="([^"]*)"[^>]*>Save my quote<\/a>/.exec(html);
      expect(save?.[1], path).toContain("button-primary");
      const href = decode(/<a\b[^>]*href="([^"]+)"[^>]*>Save my quote<\/a>/.exec(html)![1]!);
      expect(href, path).toMatch(/^\/prices\/finish\?/);
      expect(href, path).toContain("regular=no");
      // The page's only main button: the rest are outlines.
      expect(element(html, "main")!.match(/button-primary/g)?.length, path).toBe(1);
      expect(textOf(html), path).not.toContain("Have you been here before");
    }
  });

  it("puts 'Choose' and 'About' on every stylist card, and never says 'chosen' before a choice", async () => {
    // React separates text from a value with an empty comment: "Choose <!-- -->Rosa".
    const step = (await page(`/prices/calculator?type=men&by=stylist&regular=no`)).replaceAll("<!-- -->", "");
    const school = schoolTeam.filter((p) => p.taking_new_clients);
    for (const stylist of school) {
      expect(step).toMatch(new RegExp(`href="[^"]*stylist=${stylist.slug}[^"]*"[^>]*>Choose ${stylist.first_name}<`));
      expect(textOf(step)).toContain(`About ${stylist.first_name}`);
    }
    expect(textOf(step)).not.toContain(`Choose ${people.notTaking.first_name}`);
    expect(textOf(step)).not.toContain("Your chosen stylist");
    // The academy's team first.
    expect(headings(step, 3)[0]).toBe(salons.school.name);

    // Without JavaScript, 'About' opens the details in the page, titled for what they are.
    const about = (await page(`/prices/calculator?type=men&by=stylist&regular=no&about=${people.improver.slug}`)).replaceAll("<!-- -->", "");
    expect(about).toMatch(new RegExp(`id="stylist-details-title"[^>]*>About ${people.improver.first_name}<`));
    expect(textOf(about)).not.toContain("Your chosen stylist");
  });

  it("shows the skin-test note exactly when the quote has colour, men's colour included", async () => {
    const { improver } = people;
    const men = (mcol: string) => `type=men&regular=yes&by=stylist&stylist=${improver.slug}&cut=${s.mensCut.id}&mcol=${mcol}`;
    for (const path of [`/prices/total-by-stylist?${men(String(s.mensColour.id))}`, `/prices/finish?${men(String(s.mensColour.id))}`]) {
      const text = textOf(await page(path));
      expect(text, path).toContain(SKIN_TEST_TITLE);
      expect(text, path).toContain(SKIN_TEST_TEXT);
    }
    for (const path of [`/prices/total-by-stylist?${men("none")}`, `/prices/finish?${men("none")}`]) {
      expect(textOf(await page(path)), path).not.toContain(SKIN_TEST_TITLE);
    }
    const cutting = `type=cutting&regular=no&by=level&salon=${salons.school.id}&level=3&finish=${s.cut.id}&fadd=none&treat=none`;
    expect(textOf(await page(`/prices/total-by-level?${cutting}`))).not.toContain("skin test");
  });

  it("words each flow's steps for that flow, and skips a colour category with one colour", async () => {
    const at = `regular=no&by=level&salon=${salons.school.id}&level=3`;
    const cutting = textOf(await page(`/prices/calculator?type=cutting&${at}`));
    expect(cutting).toContain("Choose your cut, blow-dry or finish.");
    expect(cutting).not.toContain("Every colour");
    const colour = await page(`/prices/calculator?type=colour&${at}&colour=${s.fullHead.id}&addon=none&plex=none`);
    expect(textOf(colour)).toContain("Every colour ends with a cut or a finish.");
    // The Balayage category has one colour: its link chooses it.
    const categories = await page(`/prices/calculator?type=colour&${at}`);
    const balayage = decode(/<a\b[^>]*href="([^"]+)"[^>]*><span[^>]*><span class="font-semibold">Balayage</.exec(categories)![1]!);
    expect(new URL(balayage, server.url).searchParams.get("colour")).toBe(String(s.balayage.id));
  });

  it("words bond-building for the colour chosen: protection while it lightens only for a colour that lightens", async () => {
    const at = `regular=no&by=level&salon=${salons.school.id}&level=3`;
    const roots = textOf(await page(`/prices/calculator?type=colour&${at}&colour=${s.roots.id}`));
    expect(roots).toContain("strengthens the hair from inside");
    expect(roots).not.toContain("while it lightens");
    const foils = textOf(await page(`/prices/calculator?type=colour&${at}&colour=${s.halfFoils.id}&addon=none`));
    expect(foils).toContain("protects your hair while it lightens");
  });

  it("never skips a heading level on the totals-by-price page", async () => {
    const html = await page(`/prices/total-by-price?type=cutting&by=price&regular=no&finish=${s.cut.id}&fadd=none&treat=none&budget=1000`);
    const levels = [...html.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
    expect(levels.filter((l) => l === 3).length).toBeGreaterThan(0);
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0), `h${level} after h${levels[i - 1]}`).toBeLessThanOrEqual(1));
  });

  it("says nothing about a stylist or level before anything is chosen that it applies to", async () => {
    const improver = people.improver;
    const byStylist = textOf(await page(`/prices/total-by-stylist?type=cutting&by=stylist&stylist=${improver.slug}&regular=no`));
    expect(byStylist).not.toContain("can't do everything");
    expect(byStylist).toContain("Your quote isn't finished yet");
    const byLevel = textOf(await page(`/prices/total-by-level?type=cutting&by=level&salon=${salons.school.id}&level=3&regular=no`));
    expect(byLevel).not.toContain("aren't offered by");
    expect(byLevel).toContain("Your quote isn't finished yet");
  });

  it("names a level with the right article, and shows the quote before the form on the finish page", async () => {
    const improver = level(3); // "Improver": an Improver
    const choices = `type=men&regular=no&by=level&salon=${salons.school.id}&level=3&cut=${s.mensCut.id}&mcol=none`;
    expect(headings(await page(`/prices/total-by-level?${choices}`), 1)).toEqual([`Your estimate with an ${improver.name}`]);
    const finish = await page(`/prices/finish?${choices}`);
    const text = textOf(finish);
    expect(text).toContain(`An ${improver.name} at ${salons.school.name}`);
    expect(text).toContain(quotePromise(false));
    expect(finish.indexOf('id="summary-heading"')).toBeLessThan(finish.indexOf('id="finish"'));
    expect(text).toContain(MOBILE_HINT);
    expect(finish).toMatch(/<a\b[^>]*href="\/privacy"[^>]*>How we look after your details<\/a>/);
    const regular = textOf(await page(`/prices/finish?${choices.replace("regular=no", "regular=yes")}`));
    expect(regular).toContain(quotePromise(true));
    expect(regular).not.toContain("first visit");
    // Only an address made by hand lacks the answer from /prices: the question, once, before the form.
    const unanswered = await page(`/prices/finish?${choices.replace("regular=no&", "")}`);
    expect(headings(unanswered, 2)).toContain("Have you been here before (within 18 months)?");
    expect(unanswered).not.toContain('id="finish"');
  });

  it("answers an unknown quote link with a 404 page", async () => {
    const response = await get("/quote/NoSuchQuoteLink123");
    expect(response.status).toBe(404);
    expect(headings(await response.text(), 1)).toEqual(["We couldn't find that quote"]);
  });
});
