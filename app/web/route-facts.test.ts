import { describe, expect, it } from "vitest";
import { contentPage, contentPageAt, pageFacts, publicPagesOf, type BuiltRoute } from "./route-facts";

describe("pageFacts", () => {
  it("reads every route on the page but the root: a document unless the staff area says it runs React", () => {
    expect(pageFacts([{ id: "root" }, { id: "team", handle: contentPage }])).toEqual({ client: false, cacheable: true });
    // A route that says nothing is a document that is never kept: the forms, the calculator.
    expect(pageFacts([{ id: "root" }, { id: "joinus" }])).toEqual({ client: false, cacheable: false });
    // A layout's page: both must say so to be kept.
    expect(pageFacts([{ id: "root" }, { id: "prices-layout" }, { id: "levels", handle: contentPage }])).toEqual({ client: false, cacheable: false });
    // The staff area's layout makes every page under it a React app.
    expect(pageFacts([{ id: "root" }, { id: "staff-layout", handle: { client: true } }, { id: "staff-home" }])).toEqual({ client: true, cacheable: false });
    // The root's own facts do not count.
    expect(pageFacts([{ id: "root", handle: { client: true } }, { id: "team", handle: contentPage }]).client).toBe(false);
    // No route of its own, or facts that are not facts: a document.
    expect(pageFacts([{ id: "root" }])).toEqual({ client: false, cacheable: false });
    expect(pageFacts([{ id: "root" }, { id: "x", handle: "not facts" }])).toEqual({ client: false, cacheable: false });
  });
});

describe("publicPagesOf", () => {
  // A route table shaped as the build's: one module at two addresses, a layout without a path, a route that is no public page.
  const team = { handle: contentPageAt({ "/team": {}, "/teaminfo": { canonical: "/team" } }) };
  const routes: Record<string, BuiltRoute> = {
    root: { id: "root", path: "", module: {} },
    main: { id: "main", parentId: "root", index: true, module: { handle: contentPageAt({ "/": {} }) } },
    team: { id: "team", parentId: "root", path: "team", module: team },
    teaminfo: { id: "teaminfo", parentId: "root", path: "teaminfo", module: team },
    layout: { id: "layout", parentId: "root", module: {} },
    stylist: { id: "stylist", parentId: "layout", path: "prices/:stylist", module: { handle: { publicPages: { "/prices/:stylist": {} } } } },
    finish: { id: "finish", parentId: "layout", path: "prices/finish", module: {} },
    voucher: { id: "voucher", parentId: "root", path: "gift-voucher", module: { handle: { publicPages: { "/gift-voucher": { redirect: true } } } } },
    // Named for another address only: not a public page here.
    elsewhere: { id: "elsewhere", parentId: "root", path: "links", module: { handle: { publicPages: { "/link-tree": {} } } } },
  };

  it("reads each route's own address from its facts, with its full path, in the table's order", () => {
    expect(publicPagesOf(routes)).toEqual([
      { path: "/" },
      { path: "/team" },
      { path: "/teaminfo", canonical: "/team" },
      { path: "/prices/:stylist" },
      { path: "/gift-voucher", redirect: true },
    ]);
  });
});
