/**
 * Facts about a route, kept in its `handle` and read by the root layout (which
 * scripts to send), the server's render (which CSP, whether a shared cache may
 * keep the page), the page cache, the sitemap and the link check (which of its
 * addresses are public pages, and each one's place in the sitemap). A route says
 * nothing when the defaults fit: the page runs React in the browser, is never
 * kept, and is no public page.
 */
import { useMatches } from "react-router";
import type { PublicPage, PublicPageFacts } from "~/modules/seo/public-pages";

export interface RouteFacts {
  /**
   * Whether the page needs React in the browser: forms, the calculator, the
   * staff area do. `false`: the page is sent without framework JavaScript, no
   * module preloads and no hydration data, under a CSP that allows only the
   * inline scripts named by hash in app/web/csp.server.ts. Default true.
   */
  client?: boolean;
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
   * Whether a page that runs React paints before its script is fetched
   * (app/web/client-start.server.ts, decision record 0049): right for the
   * public's pages, whose links and forms work without it meanwhile. The
   * staff area says false: its tools start at once. Default true.
   */
  paintFirst?: boolean;
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
export const contentPage = { client: false, cacheable: true } as const satisfies RouteFacts;

/** A content page (see contentPage) at these public addresses. */
export const contentPageAt = (publicPages: Readonly<Record<string, PublicPageFacts>>) => ({ ...contentPage, publicPages }) satisfies RouteFacts;

/** A route as the server's matches and the browser's `useMatches` both give it. */
interface MatchedRoute {
  id: string;
  handle?: unknown;
}

export interface PageFacts {
  /** Sent with React and hydrated. */
  client: boolean;
  /** May be kept by the page cache (see RouteFacts). */
  cacheable: boolean | "private";
  /** Its script starts once it has painted (see RouteFacts). */
  paintFirst: boolean;
}

const factsOf = (route: MatchedRoute): RouteFacts => (route.handle && typeof route.handle === "object" ? (route.handle as RouteFacts) : {});

/**
 * The facts of a page: of every route on it but the root (a layout holds for
 * all its pages). A page with no route of its own (an unknown address) keeps
 * the client.
 */
export function pageFacts(matches: readonly MatchedRoute[]): PageFacts {
  const routes = matches.filter((m) => m.id !== "root");
  if (routes.length === 0) return { client: true, cacheable: false, paintFirst: true };
  return {
    client: routes.some((r) => factsOf(r).client !== false),
    paintFirst: routes.every((r) => factsOf(r).paintFirst !== false),
    cacheable: routes.every((r) => factsOf(r).cacheable === true) || (routes.every((r) => factsOf(r).cacheable) && "private"),
  };
}

/** The facts of the page being rendered. */
export function usePageFacts(): PageFacts {
  return pageFacts(useMatches());
}

/**
 * A content page's `clientLoader`: reached by a link or Back from a page that
 * runs React, it is loaded as a document, as it would be from another content
 * page, so that it runs as it was made to (its inline scripts, no React).
 * Never resolves: the browser leaves the page.
 */
export function loadAsDocument({ request }: { request: Request }): Promise<never> {
  const url = new URL(request.url);
  const target = url.pathname + url.search;
  // Back or Forward has already moved the address to the page: load it there.
  if (target === window.location.pathname + window.location.search) window.location.reload();
  else window.location.assign(target);
  return new Promise<never>(() => {});
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
  const pages: PublicPage[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const facts = factsOf({ id: route.id, handle: route.module.handle }).publicPages;
    if (!facts) continue;
    const path = fullPath(route) || "/";
    const own = facts[path];
    if (own) pages.push({ path, ...own });
  }
  return pages;
}
