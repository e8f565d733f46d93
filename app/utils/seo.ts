import type { MetaDescriptor } from "react-router";

/** What a page tells search engines and sharing sites. Loaders build it (seo.server.ts); meta renders it. */
export interface Seo {
  /** The full <title>, site name included. */
  title: string;
  description: string;
  /** The canonical address, absolute. */
  url: string;
  /** An absolute PNG address for sharing previews. */
  image: string;
  type: "website" | "article";
  siteName: string;
  /** The page asks search engines not to index it (its route facts say so: PublicPageFacts.noindex). */
  noindex?: true;
}

/** The `meta` of a page that tells only its title (the calculator's steps): "{title} | Base Hair Academy". */
export const titleMeta = (title: string) => (): MetaDescriptor[] => [{ title: `${title} | Base Hair Academy` }];

/** The tags for a page whose loader returned `seo`: use as a route's `meta` export. */
export function seoMeta({ loaderData }: { loaderData: unknown }): MetaDescriptor[] {
  const seo = (loaderData as { seo?: Seo } | undefined)?.seo;
  if (!seo) return [{ title: "Base Hair Academy" }];
  return [
    { title: seo.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.url },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.url },
    { property: "og:type", content: seo.type },
    { property: "og:image", content: seo.image },
    { property: "og:site_name", content: seo.siteName },
    { property: "og:locale", content: "en_GB" },
    { name: "twitter:card", content: "summary_large_image" },
    ...(seo.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
