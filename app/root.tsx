import "./utils/zod-jitless";
import {
  href,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import inter from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import frauncesSemiBold from "@fontsource/fraunces/files/fraunces-latin-600-normal.woff2?url";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { useNonce } from "./components/nonce";
import { isLostConnection, keepLostForm } from "./components/staff/offline-guard";
import { StaffRefusalPage } from "./components/staff/staff-refusal";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { barePaths } from "./components/site-nav";
import { isStaffRefusal } from "./modules/staff/refusals";
import { BUSY_TITLE, isBusyStatus } from "./web/database-busy";
import { pageContext } from "./web/page-context.server";
import { usePageFacts } from "./web/route-facts";
import { SPECULATION_RULES } from "./utils/plain-scripts";

export const links: Route.LinksFunction = () => [
  { rel: "preload", href: inter, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: frauncesSemiBold, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  // A plain stylesheet, never one with a React `precedence`: React may hold a navigation in the page until such a
  // sheet reports loaded, for up to 60 s; with one, a browser test's calculator step stayed unrendered for all of
  // its 60 s (decision 0049).
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function loader({ context }: Route.LoaderArgs) {
  return { settings: pageContext(context).settings };
}

/**
 * The title of the error page (the 404 page among them): a page whose loader
 * threw has no data for its own meta, so the error boundary's route, this one,
 * names it. Ordinary pages, and the staff refusals, give their own titles.
 */
export function meta({ error, loaderData }: Route.MetaArgs) {
  // A staff refusal (the sign-in among them) names itself: one <title>, not two.
  if (!error || (isRouteErrorResponse(error) && isStaffRefusal(error.data))) return [];
  const site = loaderData?.settings.name;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const busy = isRouteErrorResponse(error) && isBusyStatus(error.status);
  const title = notFound ? "Page not found" : busy ? BUSY_TITLE : "Something went wrong";
  return [{ title: site ? `${title} | ${site}` : title }, { name: "robots", content: "noindex" }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  // Staff pages draw their own frame (components/staff/staff-frame.tsx), not the public site's header and footer.
  const staffPage = useMatches().some((m) => typeof (m.handle as { staffTitle?: unknown } | undefined)?.staffTitle === "string");
  const bare = barePaths.has(pathname) || staffPage;
  // Every public page is a document (decision 0052): no framework JavaScript, no module preloads, no hydration
  // data; only the staff area (route facts `client: true`) runs React in the browser.
  const { client } = usePageFacts();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1E1A1D" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-ink px-4 py-2 text-chalk focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        {data && !bare ? <SiteHeader settings={data.settings} /> : null}
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
        {data && !bare ? <SiteFooter settings={data.settings} /> : null}
        {client ? (
          <>
            <ScrollRestoration nonce={nonce || undefined} />
            <Scripts nonce={nonce || undefined} />
          </>
        ) : (
          // The next page fetched or prerendered on hover or touch (app/utils/plain-scripts.ts).
          <script type="speculationrules" dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  // The staff area's guard answers with the PIN form or a refusal (app/web/staff-route.server.ts).
  if (isRouteErrorResponse(error) && isStaffRefusal(error.data)) return <StaffRefusalPage refusal={error.data} />;
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  // The database's write lock stayed taken (app/web/database-busy.ts): nothing was saved, and trying again works.
  const busy = status !== undefined && isBusyStatus(status);
  // Only the staff app asks the server from the page: its request never arrived, or its answer never came back.
  // What the form sent last held goes back in it when its page opens again (components/staff/offline-guard.tsx).
  const lost = isLostConnection(error);
  if (lost) keepLostForm();
  const [heading, words] = busy
    ? [BUSY_TITLE, "Nothing was saved this time. Please wait a few seconds and try again: your browser's back button takes you to what you typed."]
    : lost
      ? ["The connection dropped", "The site could not be reached, so this may not have been sent or saved. Check your signal, then go back to the page: what you typed is kept."]
      : status === 404
        ? ["We couldn't find that page", "The link may be old or mistyped."]
        : ["Sorry, something went wrong", "Please try again in a moment. If it keeps happening, give us a call and we'll help."];
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-4xl">{heading}</h1>
      <p className="mt-4">{words}</p>
      {busy ? null : (
        <p className="mt-8">
          {lost ? (
            <Link to={location.pathname + location.search} replace className="button button-primary">
              Back to the page
            </Link>
          ) : (
            <a href={href("/")} className="button button-primary">
              Back to the home page
            </a>
          )}
        </p>
      )}
    </section>
  );
}
