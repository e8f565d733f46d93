/**
 * What a public page's loader needs from the request context: the services,
 * the public settings (with the site switches in force for this request), the
 * content checked at start and an SEO builder.
 */
import { data, type RouterContextProvider } from "react-router";
import type { PictureData } from "~/modules/images/picture-data";
import { buildSeo, type SeoInput } from "~/modules/seo/seo.server";
import { publicSettings, type PublicSettings } from "~/modules/site/public-settings";
import { copyWithEndDate, type PageName, type SiteCopy } from "~/modules/site/site-copy.server";
import type { Seo } from "~/utils/seo";
import { servicesContext } from "./context";
import type { AppServices } from "./services";
import { siteSwitchesOf } from "./site-switches.server";

export interface PageContext {
  services: AppServices;
  settings: PublicSettings;
  copy: SiteCopy;
  seo(input: SeoInput): Seo;
  /** What a page needs to show the picture at an /images/… address (its photograph or its drawing). */
  picture(src: string): PictureData | undefined;
}

/** What a public page's loader needs: services, public settings, the checked copy and an SEO builder. */
export function pageContext(context: Readonly<RouterContextProvider>): PageContext {
  const services = context.get(servicesContext);
  const switches = siteSwitchesOf(context);
  return {
    services,
    settings: { ...publicSettings(services.settings), hideOffers: switches.hideOffers, endDate: switches.endDateText },
    copy: copyWithEndDate(services.content.copy, switches.endDateText),
    seo: (input) =>
      buildSeo({ publicUrl: services.config.publicUrl, siteName: services.settings.name, sharePath: services.pictures.sharePath }, input),
    picture: (src) => services.pictures.describe(src),
  };
}

/** A 404 for a slug that names nothing (shown by the root error boundary). */
export function notFound(): never {
  throw data(null, { status: 404, statusText: "Not Found" });
}

/** The loader of a page written in content/pages/{name}.md: the page, and its side column's picture and ways to get in touch. */
export function markdownPage(context: Readonly<RouterContextProvider>, name: PageName, path: string) {
  const { copy, seo, settings, picture } = pageContext(context);
  const page = copy.pages[name];
  const image = `/images/pages/${name}.svg`;
  return {
    page,
    side: { picture: picture(image), phone: settings.phone, booking: settings.links.booking },
    seo: seo({ title: page.title, description: page.description, path, image }),
  };
}
