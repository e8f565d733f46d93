/**
 * What still shows a drawing where a photo belongs (issue 33, the staff desk's "what to do next"). A picture is a
 * photo when a manager uploaded one for its place (the `photos` table); otherwise the site shows its file under
 * content/images, which in a new salon is the sample drawing (decision 0036), or a plain tile when there is none.
 * The site cannot tell a photograph dropped in by file name from a drawing, so it counts every file as a drawing:
 * an upload is how a place is marked done (decision 0072). Pure: photos.server.ts gathers the facts.
 */
import { WORK_SHOWN } from "~/modules/images/picture-names";

/** A place that still shows a drawing: the photos page's choice (`?for=`) and its label there. */
export interface StillDrawn {
  /** The photo target: "hero", "stylist:rosa", "work:rosa". */
  target: string;
  /** As the photos page lists it: "Rosa Whitlock: portrait". */
  label: string;
  /** A stylist's work only: how much of it is drawn ("2 drawings", "No pictures yet"). */
  note?: string;
}

export interface StillDrawnFacts {
  /** The stylists on the site (hidden ones are not), in the team's order. */
  stylists: readonly { slug: string; first_name: string; last_name: string }[];
  /** The target of each uploaded photo that shows now, one entry a photo (a stylist's work may have several). */
  photoTargets: readonly string[];
  /** How many picture files of a stylist's work there are (work/{slug}-1.jpg, -2…). */
  workFiles(slug: string): number;
}

const HERO_LABEL = "The home page's opening band";

/**
 * The opening band unless it has a photo; then, stylist by stylist, their portrait unless it has a photo, and their
 * work while its page shows a drawing (the photos come first and at most WORK_SHOWN show, so the files fill the rest)
 * or nothing at all.
 */
export function stillDrawn({ stylists, photoTargets, workFiles }: StillDrawnFacts): StillDrawn[] {
  const photos = new Map<string, number>();
  for (const target of photoTargets) photos.set(target, (photos.get(target) ?? 0) + 1);
  const drawn: StillDrawn[] = photos.has("hero") ? [] : [{ target: "hero", label: HERO_LABEL }];
  for (const stylist of stylists) {
    const name = `${stylist.first_name} ${stylist.last_name}`;
    if (!photos.has(`stylist:${stylist.slug}`)) drawn.push({ target: `stylist:${stylist.slug}`, label: `${name}: portrait` });
    const uploaded = photos.get(`work:${stylist.slug}`) ?? 0;
    const drawings = Math.min(workFiles(stylist.slug), Math.max(0, WORK_SHOWN - uploaded));
    if (drawings > 0 || uploaded === 0) {
      drawn.push({ target: `work:${stylist.slug}`, label: `${name}: their work`, note: drawings === 0 ? "No pictures yet" : drawings === 1 ? "1 drawing" : `${drawings} drawings` });
    }
  }
  return drawn;
}
