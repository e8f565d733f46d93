/**
 * What a public page's loader needs from the request context: the services,
 * the public settings (with the site switches in force for this request), the
 * content checked at start and an SEO builder.
 */
import { data, type RouterContextProvider } from "react-router";
import type { PictureData } from "~/modules/images/picture-data";
import { parsePictureAddress } from "~/modules/images/variants";
import { describePhoto, noPhotos } from "~/modules/photos/photos.server";
import { photoPath, targetOfPicture } from "~/modules/photos/photo-rules";
import { findPublicPage } from "~/modules/seo/public-pages";
import { buildSeo, type SeoInput } from "~/modules/seo/seo.server";
import { publicSettings, bookingGuideHref } from "~/modules/site/public-settings";
import { copyWithEndDate, type PageName } from "~/modules/site/site-copy.server";
import { offersInForce } from "~/modules/offers/offer-calendar";
import { publicAt } from "~/modules/site/publish-at";
import { withoutOfferLinks } from "~/modules/offers/offer-links";
import { fileSwitchesOf } from "~/modules/site-switches/site-switches";
import { resolveSwitches } from "~/modules/site-switches/site-switches.server";
import { salonToday } from "~/utils/dates";
import type { Seo } from "~/utils/seo";
import { photosContext, publicPagesContext, servicesContext, siteSwitchesContext } from "./context";

export type PageContext = ReturnType<typeof pageContext>;

/** What a public page's loader needs: services, public settings, the checked copy and an SEO builder. */
export function pageContext(context: Readonly<RouterContextProvider>) {
  const services = context.get(servicesContext);
  // The Express app puts the site snapshot's switches (site-snapshot.server.ts) in the router context; a loader called on its own has the content files' values.
  const switches = context.get(siteSwitchesContext) ?? resolveSwitches(new Map(), fileSwitchesOf(services.settings));
  const copy = copyWithEndDate(services.content.copy, switches.endDateText);
  const now = new Date();
  // A scheduled offer is a draft to the public until its moment (decision 0059): not running, listed nowhere.
  const offers = offersInForce(publicAt(copy.offers.offers, now), { hideOffers: switches.hideOffers, globalEnd: switches.endDate, today: salonToday(now) });
  const photos = context.get(photosContext) ?? noPhotos;
  /** The photo a manager uploaded for the picture at an /images/… address, if it has one. */
  const photoOf = (src: string) => {
    const address = parsePictureAddress(src);
    const target = address ? targetOfPicture(address.kind, address.name) : undefined;
    return target ? photos.shown(target) : undefined;
  };
  return {
    services,
    /** `hideOffers` is true while staff hide the offers and while none runs today. */
    settings: { ...publicSettings(services.settings), hideOffers: offers.hidden, endDate: switches.endDateText },
    copy,
    /** The offers running today, unless hidden (see modules/offers/offer-calendar.ts); none that waits for its publish moment. */
    offers,
    /** The request's time: what a publish moment is compared with (decision 0059). */
    now,
    seo: (input: SeoInput): Seo => {
      const seo = buildSeo(
        {
          publicUrl: services.config.publicUrl,
          siteName: services.settings.name,
          // Sharing sites get the photo's 1200-pixel JPEG, or the picture file's.
          sharePath: (src) => {
            const photo = photoOf(src);
            return photo ? `${photoPath(photo.id)}-1200.jpg` : services.pictures.sharePath(src);
          },
        },
        input,
      );
      // A page its route facts keep from search engines says so (the COVID pages).
      return findPublicPage(context.get(publicPagesContext), input.path)?.noindex ? { ...seo, noindex: true } : seo;
    },
    /** What a page needs to show the picture at an /images/… address: the photo a manager uploaded for it, or its file. */
    picture: (src: string): PictureData | undefined => {
      const photo = photoOf(src);
      return photo ? describePhoto(photo) : services.pictures.describe(src);
    },
    /** The same, but only a photograph (uploaded or in the content's images): undefined where `picture` would give the plain tile, so a post or offer without a photo shows no empty block. */
    photo: (src: string): PictureData | undefined => {
      const uploaded = photoOf(src);
      if (uploaded) return describePhoto(uploaded);
      const address = parsePictureAddress(src);
      return address && services.pictures.photo(address.kind, address.name) ? services.pictures.describe(src) : undefined;
    },
    /** The photos managers uploaded that show now (a stylist's work, the hero). */
    photos,
  };
}

/** A 404 for a slug that names nothing (shown by the root error boundary). */
export function notFound(): never {
  throw data(null, { status: 404, statusText: "Not Found" });
}

/**
 * The loader of a page written in content/pages/{name}.md: the page, and its
 * side column's picture and ways to get in touch. While the offers are hidden,
 * a page that is an offer (`offer: true`) sends only "Check back soon!"
 * (`none`), and links to offer pages in any page are plain words.
 */
export function markdownPage(context: Readonly<RouterContextProvider>, name: PageName, path: string) {
  const { copy, seo, settings, picture, offers } = pageContext(context);
  const file = copy.pages[name];
  const image = `/images/pages/${name}.svg`;
  const side = { picture: picture(image), phone: settings.phone, booking: bookingGuideHref() };
  if (offers.hidden && file.offer) {
    const [heading = "Check back soon!"] = copy.text.offers.none;
    return {
      // Nothing of the page's own words: its heading and description name the offer.
      page: { title: `Offers: ${heading}`, heading, description: copy.text.offers.description, html: "", offer: true },
      none: copy.text.offers.none,
      side,
      seo: seo({ title: `Offers: ${heading}`, description: copy.text.offers.description, path }),
    };
  }
  const page = offers.hidden ? { ...file, html: withoutOfferLinks(file.html, copy.pages) } : file;
  return { page, none: undefined, side, seo: seo({ title: page.title, description: page.description, path, image }) };
}
