/**
 * Facts about a route, kept in its `handle` and read by the root layout (which
 * scripts to send), the server's render (which CSP, whether a shared cache may
 * keep the page), the page cache, the sitemap and the link check (which of its
 * addresses are public pages, and each one's place in the sitemap). A route says
 * nothing when the defaults fit: the page is a document (server-rendered, no
 * framework JavaScript), is never kept, and is no public page.
 */
import { useMatches } from "react-router";
import type { PublicPage, PublicPageFacts } from "~/modules/seo/public-pages";

export interface RouteFacts {
  /**
   * `true` for the staff area alone (its layout says so for every staff page):
   * the page runs React in the browser and hydrates, its scripts allowed by
   * this response's nonce. Every other page is a document (decision 0052): no
   * module script, no module preloads, no hydration data, under a CSP that
   * allows only the inline scripts named by hash in app/web/csp.server.ts.
   */
  client?: true;
  /**
   * `true`: the page is the same for every visitor (no form token, nothing
   * personal, nothing from the query string): the server keeps its rendered
   * bytes (app/web/html-cache.server.ts) and a shared cache may too.
   * `"private"`: the same for whoever has its address and never changes, but
   * personal (a saved quote): kept only in the server's memory, `no-store` to
   * everyone else. Default false.
   */
  cacheable?: boolean | "private";
  /**
   * The public pages the route draws, by address as routes.ts registers it (a
   * pattern such as "/team/:slug" for pages made from content), each with its
   * sitemap entry: listed (`{}`), sent to another address (`canonical`), or a
   * redirect off the site. A module drawn at several addresses names each of
   * them; an address it leaves out is no public page (not in the sitemap, and a
   * link to it is a broken link).
   */
  publicPages?: Readonly<Record<string, PublicPageFacts>>;
}

/** A plain content page: text, pictures and links, the same for everyone. */
export const contentPage = { cacheable: true } as const satisfies RouteFacts;

/** A content page (see contentPage) at these public addresses. */
export const contentPageAt = (publicPages: Readonly<Record<string, PublicPageFacts>>) => ({ ...contentPage, publicPages }) satisfies RouteFacts;

/** A route as the server's matches and the browser's `useMatches` both give it. */
interface MatchedRoute {
  id: string;
  handle?: unknown;
}

const factsOf = (route: Pick<MatchedRoute, "handle">): RouteFacts => (route.handle && typeof route.handle === "object" ? (route.handle as RouteFacts) : {});

/**
 * The facts of a page: of every route on it but the root (a layout holds for
 * all its pages). A page with no route of its own is a document.
 */
export function pageFacts(matches: readonly MatchedRoute[]) {
  const routes = matches.filter((m) => m.id !== "root");
  if (routes.length === 0) return { client: false, cacheable: false };
  return {
    client: routes.some((r) => factsOf(r).client === true),
    cacheable: routes.every((r) => factsOf(r).cacheable === true) || (routes.every((r) => factsOf(r).cacheable) && "private"),
  };
}

/** The facts of the page being rendered. */
export function usePageFacts() {
  return pageFacts(useMatches());
}

/** A route of the build's route table (`ServerBuild["routes"]`): its place in the tree and its module's handle. */
export interface BuiltRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { handle?: unknown };
}

/**
 * The public pages, read from the route facts of every route in the build's
 * route table, in the table's order: each address a route's `publicPages` names
 * with that route's own full path. The sitemap and the link check use this list.
 */
export function publicPagesOf(routes: Readonly<Record<string, BuiltRoute | undefined>>): PublicPage[] {
  const fullPath = (route: BuiltRoute): string => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    const above = parent ? fullPath(parent) : "";
    return route.path ? `${above.replace(/\/+$/, "")}/${route.path}` : above;
  };
  return Object.values(routes).flatMap((route) => {
    const facts = route && factsOf(route.module).publicPages;
    if (!route || !facts) return [];
    const path = fullPath(route) || "/";
    const own = facts[path];
    return own ? [{ path, ...own }] : [];
  });
}
