import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "~/context";
import type { AppServices } from "~/.server/services.server";
import type { Seo } from "~/utils/seo";
import { publicSettings, type PublicSettings } from "./public-settings";
import { buildSeo, type SeoInput } from "./seo.server";
import { getSiteCopy, type PageName, type SiteCopy } from "./site-copy.server";

export interface PageContext {
  services: AppServices;
  settings: PublicSettings;
  copy: SiteCopy;
  seo(input: SeoInput): Seo;
}

/** What a public page's loader needs: services, public settings, the checked copy and an SEO builder. */
export function pageContext(context: Readonly<RouterContextProvider>): PageContext {
  const services = context.get(servicesContext);
  return {
    services,
    settings: publicSettings(services.settings),
    copy: getSiteCopy(services.config.contentDir, services.settings),
    seo: (input) => buildSeo(services, input),
  };
}

/** A 404 for a slug that names nothing (shown by the root error boundary). */
export function notFound(): never {
  throw data(null, { status: 404, statusText: "Not Found" });
}

/** The loader of a page written in content/pages/{name}.md. */
export function markdownPage(context: Readonly<RouterContextProvider>, name: PageName, path: string) {
  const { copy, seo } = pageContext(context);
  const page = copy.pages[name];
  return { page, seo: seo({ title: page.title, description: page.description, path, image: `/images/pages/${name}.svg` }) };
}
