import { describe, expect, it } from "vitest";
import { engines } from "../support/databases";
import { staffTeamFor } from "../support/staff-team";

const UP_DO = 17; // the fixture's Up-do: a finishing touch, no colour
const ALL_OVER_COLOUR = 5;
const SKIN_TEST = "A skin test is needed at least 48 hours before any colour service.";

/** The <article> of a page that links to `href` (a card), or the page's main offer or post. */
function articleLinking(html: string, href: string): string {
  const article = html.split("<article").find((chunk) => chunk.includes(`href="${href}"`));
  if (!article) throw new Error(`no card links to ${href}`);
  return article.slice(0, article.indexOf("</article>"));
}
const mainArticle = (html: string) => html.slice(html.indexOf("<article"), html.indexOf("</article>", html.lastIndexOf("<h1")));
const hasPicture = (html: string) => /<picture|<img/.test(html);

// Issue 33: offers that say who they are for and what they cover; nothing half-made goes out (api-contract.md, "Studio").
describe.each(engines)("offers that say what they mean, and nothing half-made, on %s", (engine) => {
  const team = staffTeamFor(engine, { pages: true });
  const page = async (path: string) => (await fetch(`${team.server.url}${path}`)).text();
  const form = (path: string, fields: Record<string, string>) => team.morgan.request("POST", path, { form: fields, headers: { origin: team.server.url } });


  it("says an offer's audience and small print on its page and card, with the skin-test line only when it covers colour", async () => {
    const created = await team.morgan.request("POST", "/api/staff/studio/offers", {
      json: {
        title: "Hair up for the wedding season",
        percent: 15,
        text: "Fifteen per cent off an up-do for a wedding, a prom or a party, with any of our stylists.",
        services: [UP_DO],
        small_print: "Bridal parties of up to six.\n\nBook by the end of June.",
      },
    });
    expect(created.status).toBe(201);
    const { slug } = (await created.json()) as { slug: string };

    // For everyone, hair up only: none of the fixed words, its own small print as given.
    let offer = mainArticle(await page(`/offers/${slug}`));
    expect(offer).toContain("Bridal parties of up to six.");
    expect(offer).toContain("Book by the end of June.");
    expect(offer).not.toContain("New clients");
    expect(offer).not.toContain(SKIN_TEST);
    let card = articleLinking(await page("/offers"), `/offers/${slug}`);
    expect(card).not.toContain("New clients");
    // Made in the studio without a photo: no picture block on its page or card (the fixture's own offers have one).
    expect(hasPicture(offer) || hasPicture(card)).toBe(false);
    expect(hasPicture(articleLinking(await page("/offers"), "/offers/graduate"))).toBe(true);

    // For new clients, and colour: the page and card say so, and the skin-test line comes with it.
    const patched = await team.morgan.request("PATCH", `/api/staff/studio/offers/${slug}`, { json: { audience: "new", services: ["Colour"] } });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ audience: "new", services: ["colour"], small_print: "Bridal parties of up to six.\nBook by the end of June." });
    offer = mainArticle(await page(`/offers/${slug}`));
    expect(offer).toContain("New clients only.");
    expect(offer).toContain(SKIN_TEST);
    card = articleLinking(await page("/offers"), `/offers/${slug}`);
    expect(card).toContain("New clients");

    // An unknown audience or part of the price list is refused with words a manager reads.
    const refused = await team.morgan.request("PATCH", `/api/staff/studio/offers/${slug}`, { json: { audience: "vip", services: ["perms"] } });
    expect(refused.status).toBe(400);
    const { fields } = (await refused.json()) as { fields: Record<string, string> };
    expect(fields.audience).toBe("Choose who the offer is for: new clients, returning clients or everyone");
    expect(fields.services).toContain("Choose services by their number on the price list, or parts of it: Cutting and styling, Colour");
  });

  it("takes the audience, services and small print from the studio's own form", async () => {
    const slug = "colour-for-returning-clients";
    const added = await form("/staff/studio/offers", {
      intent: "add-offer",
      title: "Colour for returning clients",
      percent: "10",
      text: "Ten per cent off an all-over colour for clients who have been to us before.",
      audience: "returning",
      services: String(ALL_OVER_COLOUR),
      "services-listed": "true",
      small_print: "Bring a friend and you both save.",
    });
    expect(added.status).toBe(200);
    let offer = mainArticle(await page(`/offers/${slug}`));
    expect(offer).toContain("Returning clients");
    expect(offer).toContain("For clients who have been to us before.");
    expect(offer).toContain("Bring a friend and you both save.");
    expect(offer).toContain(SKIN_TEST);

    // A single service without colour ticked, the small print emptied.
    const saved = await form("/staff/studio/offers", { intent: "offer", slug, services: String(UP_DO), "services-listed": "true", small_print: "" });
    expect(saved.status).toBe(200);
    offer = mainArticle(await page(`/offers/${slug}`));
    expect(offer).toContain("Returning clients");
    expect(offer).not.toContain(SKIN_TEST);
    expect(offer).not.toContain("Bring a friend");
  });

  it("gives a post without a picture no picture block on its page or card", async () => {
    const created = await team.morgan.request("POST", "/api/staff/studio/posts", { json: { title: "Our new opening hours", body: "We now open at eight on Saturdays.", author: "Morgan" } });
    expect(created.status).toBe(201);
    const { slug } = (await created.json()) as { slug: string };
    const post = await page(`/blog/${slug}`);
    const body = post.slice(post.indexOf("<h1"), post.indexOf("Back to the blog"));
    expect(body).toContain("We now open at eight on Saturdays.");
    expect(hasPicture(body)).toBe(false);
    const list = await page("/blog");
    expect(hasPicture(articleLinking(list, `/blog/${slug}`))).toBe(false);
    // A post with its photo keeps it, so the checks above can tell.
    expect(hasPicture(articleLinking(list, "/blog/patch-test-basics"))).toBe(true);
  });

  it("keeps a stylist added in the studio hidden, with what their page lacks, until a manager shows them", async () => {
    const publicTeam = async () => ((await (await fetch(`${team.server.url}/api/team`)).json()) as { slug: string }[]).map((s) => s.slug);
    const calculator = async () => ((await (await fetch(`${team.server.url}/api/stylists`)).json()) as { slug: string }[]).map((s) => s.slug);
    const added = await form("/staff/studio/team", { intent: "add-stylist", hidden: "true", first_name: "Ada", last_name: "Lake", level: "1", salon: "3", para_1: "Ada joined us this spring." });
    expect(added.status).toBe(200);
    const studio = (await added.text()).replaceAll("&#x27;", "'");
    expect(studio).toContain("hidden for now");
    expect(studio).toContain("A photo of Ada");
    expect(studio).toContain("a second paragraph below");
    expect(studio).toContain("the lowest");
    expect(studio).toContain("Show on the site");

    expect(await publicTeam()).not.toContain("ada");
    expect(await calculator()).not.toContain("ada");
    expect((await fetch(`${team.server.url}/team/ada`)).status).toBe(404);
    expect(await page("/sitemap.xml")).not.toContain("/team/ada");

    expect((await form("/staff/studio/team", { intent: "show", slug: "ada" })).status).toBe(200);
    expect(await publicTeam()).toContain("ada");
    expect(await calculator()).toContain("ada");
    expect((await fetch(`${team.server.url}/team/ada`)).status).toBe(200);
    expect(await page("/sitemap.xml")).toContain("/team/ada");

    // The API takes { hidden } too.
    const viaApi = await team.morgan.request("POST", "/api/staff/studio/stylists", { json: { first_name: "Bea", last_name: "Moss", level: 2, salon: 3, para_1: "Bea colours.", hidden: true } });
    expect(viaApi.status).toBe(201);
    expect(await publicTeam()).not.toContain("bea");
  });

  it("finding: the offers page showed {{…}} tokens — a price is named in plain words in brackets, and kept as its placeholder", async () => {
    const studio = (await (await team.morgan.request("GET", "/staff/studio/offers")).text()).replaceAll("&#x27;", "'");
    // The fixture's new-starter offer is stored as "Roots and a blow-dry from {{starterFrom}}".
    expect(studio).toContain('value="Roots and a blow-dry from [starter from]"');
    expect(studio).toContain("[starter from]");
    expect(studio).not.toMatch(/\{\{\w+\}\}/);

    // Typed in words, saved as the placeholder: the page shows the price it stands for, and follows the price list.
    const added = await form("/staff/studio/offers", {
      intent: "add-offer", slug: "", title: "Roots week from [Starter From]", percent: "10", text: "Roots and a blow-dry from [starter from] all week. [sic] stays as typed.", publish_at: "",
    });
    expect(added.status).toBe(200);
    const slug = /href="\/offers\/(roots-week[\w-]*)"/.exec(await page("/offers"))?.[1];
    expect(slug).toBeDefined();
    const offered = mainArticle(await page(`/offers/${slug}`));
    expect(offered).toMatch(/Roots and a blow-dry from £\d+ all week\. \[sic\] stays as typed\./);
    expect(offered).not.toContain("[starter from]");
    const studioAfter = (await (await team.morgan.request("GET", "/staff/studio/offers")).text()).replaceAll("&#x27;", "'");
    expect(studioAfter).toContain('value="Roots week from [starter from]"');
  });
});
