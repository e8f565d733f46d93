import { describe, expect, it } from "vitest";
import { contentPage, pageFacts } from "./route-facts";

describe("pageFacts", () => {
  it("reads every route on the page but the root", () => {
    expect(pageFacts([{ id: "root" }, { id: "team", handle: contentPage }])).toEqual({ client: false, cacheable: true });
    // A route that says nothing runs React and is never kept.
    expect(pageFacts([{ id: "root" }, { id: "joinus" }])).toEqual({ client: true, cacheable: false });
    // A layout's page: both must say so.
    expect(pageFacts([{ id: "root" }, { id: "prices-layout" }, { id: "levels", handle: contentPage }])).toEqual({ client: true, cacheable: false });
    expect(pageFacts([{ id: "root", handle: { client: true } }, { id: "team", handle: contentPage }]).client).toBe(false);
    // No route of its own: the client stays.
    expect(pageFacts([{ id: "root" }])).toEqual({ client: true, cacheable: false });
    expect(pageFacts([{ id: "root" }, { id: "x", handle: "not facts" }])).toEqual({ client: true, cacheable: false });
  });
});
