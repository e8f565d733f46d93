import type { Seo } from "~/utils/seo";

export interface SeoInput {
  title: string;
  description: string;
  /** This page's own path, or the path of the page it repeats (/info → /). */
  path: string;
  /** A picture on this site (an /images/… picture is shared as its 1200px copy). */
  image?: string;
  type?: Seo["type"];
}

export interface SeoSite {
  /** PUBLIC_URL: the site's address, without a trailing slash. */
  publicUrl: string;
  /** The salon's name (settings.yaml), added to every title that lacks it. */
  siteName: string;
  /** The address of a picture's copy for sharing sites (the picture library's). */
  sharePath: (image: string) => string;
}

const DEFAULT_IMAGE = "/images/salons/salon-3.svg";

/** Builds a page's Seo with absolute addresses from PUBLIC_URL and the site name from the settings. */
export function buildSeo({ publicUrl, siteName, sharePath }: SeoSite, input: SeoInput): Seo {
  const shared = sharePath(input.image ?? DEFAULT_IMAGE);
  const title = input.title.includes(siteName) ? input.title : `${input.title} | ${siteName}`;
  return {
    title,
    description: input.description.replace(/\s+/g, " ").trim(),
    url: `${publicUrl}${input.path === "/" ? "/" : input.path.replace(/\/+$/, "")}`,
    image: `${publicUrl}${shared}`,
    type: input.type ?? "website",
    siteName,
  };
}
