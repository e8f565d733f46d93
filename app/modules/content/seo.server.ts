import type { AppServices } from "~/.server/services.server";
import { variantPath } from "~/modules/images/variants";
import type { Seo } from "~/utils/seo";

export interface SeoInput {
  title: string;
  description: string;
  /** This page's own path, or the path of the page it repeats (/info → /). */
  path: string;
  /** A picture on this site (an /images/… .svg is shared as its 1200px PNG). */
  image?: string;
  type?: Seo["type"];
}

const DEFAULT_IMAGE = "/images/salons/salon-3.svg";

/** Builds a page's Seo with absolute addresses from PUBLIC_URL and the site name from the settings. */
export function buildSeo({ config, settings }: Pick<AppServices, "config" | "settings">, input: SeoInput): Seo {
  const site = config.publicUrl;
  const image = input.image ?? DEFAULT_IMAGE;
  const shared = variantPath(image, 1200, "png") ?? image;
  const title = input.title.includes(settings.name) ? input.title : `${input.title} | ${settings.name}`;
  return {
    title,
    description: input.description.replace(/\s+/g, " ").trim(),
    url: `${site}${input.path === "/" ? "/" : input.path.replace(/\/+$/, "")}`,
    image: `${site}${shared}`,
    type: input.type ?? "website",
    siteName: settings.name,
  };
}
