import { offerImage } from "~/components/offer-card";
import { NoOffers, OfferDetails } from "~/components/offer-details";
import { findTeamMember } from "~/modules/catalogue/catalogue.server";
import { notFound, pageContext } from "~/web/page-context.server";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/offer";

export const meta = seoMeta;

/** /offers/{slug}, and /sms/{slug}: the same offer with welcome-back wording for past clients. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, settings, copy, seo, picture } = pageContext(context);
  const sms = new URL(request.url).pathname.startsWith("/sms/");
  const offer = copy.offers.offers.find((o) => o.slug === params.slug);
  if (!offer || (sms && !offer.sms)) notFound();
  const path = `${sms ? "/sms" : "/offers"}/${offer.slug}`;
  if (settings.hideOffers) {
    // Nothing of the offer leaves the server while offers are hidden, not even its code in the page data.
    const [heading = "Check back soon!"] = copy.text.offers.none;
    return {
      hidden: true as const,
      none: copy.text.offers.none,
      seo: seo({ title: `Offers: ${heading}`, description: copy.text.offers.description, path }),
    };
  }
  const stylist = offer.stylist ? await findTeamMember(services.db, offer.stylist) : undefined;
  return {
    hidden: false as const,
    offer,
    welcome: sms ? offer.sms : undefined,
    stylist: stylist
      ? { slug: stylist.slug, name: `${stylist.first_name} ${stylist.last_name}`, level_name: stylist.level_name, picture: picture(stylist.image) }
      : undefined,
    picture: picture(offerImage(offer.slug)),
    terms: [...copy.offers.terms, ...offer.terms],
    endDate: offer.endDate ?? settings.endDate,
    phone: settings.phone,
    booking: settings.links.booking,
    seo: seo({
      title: sms ? `Welcome back: ${offer.title}` : offer.title,
      description: sms && offer.sms ? offer.sms.intro.join(" ") : offer.description,
      path,
      image: offerImage(offer.slug),
    }),
  };
}

export default function OfferPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.hidden) return <NoOffers text={loaderData.none} />;
  return <OfferDetails {...loaderData} />;
}
