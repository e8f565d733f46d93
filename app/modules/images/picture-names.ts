/**
 * Every picture the site shows, as "kind/name": the names a file under
 * content/images/{kind}/{name}.jpg must have. Read by the picture server (only
 * these names are encoded: a made-up name costs nothing, issue 13), by the
 * start's check that names the missing files, and by `npm run
 * sample-pictures`, which makes a sample file for each.
 */
/** The parts of the site's content (SiteContent) that name pictures; the rest is searched for /images/… addresses. */
export interface PictureNamingContent {
  blogPosts: readonly { slug: string }[];
  copy: { pages: Record<string, unknown>; offers: { offers: readonly { slug: string }[] } };
}

/** Pictures that pages name in code rather than in the content files (the form pages' pictures). */
export const CODE_SCENES = ["pages/joinus", "pages/models", "pages/open-evening", "pages/feedback", "pages/contact"] as const;

/** How many pictures of their work a team member's page shows (app/routes/public/team.$slug.tsx). */
export const WORK_PICTURES = 2;

/** At most this many pictures of a stylist's work show on their page: the uploaded photos first, then the files. */
export const WORK_SHOWN = 6;

/** Of picture names in work/, a stylist's work files: {slug}-1, {slug}-2… (not another stylist's whose slug starts the same). */
export const workFileNames = (names: readonly string[], slug: string): string[] =>
  names.filter((name) => name.startsWith(`${slug}-`) && /^\d+$/.test(name.slice(slug.length + 1)));

/** The scenes: any /images/{kind}/{name}.svg the content names (posts, news, the shop), each page, offer and post, and each team member's work. */
export function sceneNames(content: PictureNamingContent, teamSlugs: Iterable<string>): Set<string> {
  const names = new Set<string>(CODE_SCENES);
  for (const match of JSON.stringify(content).matchAll(/\/images\/([a-z]+)\/([a-z0-9-]+)\.svg/g)) names.add(`${match[1]}/${match[2]}`);
  for (const post of content.blogPosts) names.add(`blog/${post.slug}`);
  for (const page of Object.keys(content.copy.pages)) names.add(`pages/${page}`);
  for (const offer of content.copy.offers.offers) names.add(`offers/${offer.slug}`);
  for (const slug of teamSlugs) {
    for (let n = 1; n <= WORK_PICTURES; n++) names.add(`work/${slug}-${n}`);
  }
  return names;
}

/** Every picture: each stylist's portrait, each salon's picture and logo, and the scenes. */
export function pictureNames(content: PictureNamingContent, group: { stylistSlugs: Iterable<string>; teamSlugs: Iterable<string>; salonIds: Iterable<number> }): Set<string> {
  const names = new Set<string>();
  for (const slug of group.stylistSlugs) names.add(`team/${slug}`);
  for (const id of group.salonIds) names.add(`salons/salon-${id}`).add(`salons/salon-${id}-logo`);
  for (const name of sceneNames(content, group.teamSlugs)) names.add(name);
  return names;
}
