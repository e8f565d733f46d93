import { href, Link } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { offerImage, OfferPrice } from "~/components/offer-card";
import { NoOffers, OfferNotRunning } from "~/components/offer-details";
import { BookNow, ColumnHeads, HeadedSection, PageHeader, Paragraphs, PhoneLinks, SmartLink } from "~/components/page";
import { Picture } from "~/components/picture";
import { findTeamMember } from "~/modules/catalogue/catalogue.server";
import { describeRun, offerRun, offerStatus } from "~/modules/offers/offer-calendar";
import { audienceLabel, offerSmallPrint } from "~/modules/offers/offer-terms";
import { breadcrumbData } from "~/modules/seo/structured-data";
import { formatReceived, formatSalonDate } from "~/utils/dates";
import { waitsAt } from "~/modules/site/publish-at";
import { notFound, pageContext } from "~/web/page-context.server";
import { markPagePrivate } from "~/web/page-cache";
import type { AppServices } from "~/web/services";
import { isStaffVisitor } from "~/web/staff-gate.server";
import { seoMeta } from "~/utils/seo";
import { limitText } from "~/utils/text";
import type { Route } from "./+types/offers.$slug";
import { contentPageAt } from "~/web/route-facts";
import { bookingGuideHref, phoneHref } from "~/modules/site/public-settings";

export const handle = contentPageAt({ "/offers/:slug": {}, "/sms/:slug": {} });

export const meta = seoMeta;

/**
 * /offers/{slug}, and /sms/{slug}: the same offer with welcome-back wording for
 * past clients. An offer that has not started or has ended answers too (an old
 * link still works), saying so and pointing to the current offers, with
 * nothing of the offer's code or prices. Signed-in staff see the whole
 * offer on such a page, under a banner that says what visitors see instead:
 * the studio's preview of an offer before it starts (or while offers are hidden).
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, settings, copy, seo, picture, photo, offers, now } = pageContext(context);
  const sms = new URL(request.url).pathname.startsWith("/sms/");
  const offer = copy.offers.offers.find((o) => o.slug === params.slug);
  if (!offer || (sms && !offer.sms)) notFound();
  const path = `${sms ? "/sms" : "/offers"}/${offer.slug}`;
  // The same deal at several levels shares its words (decision 0070): its page's title names its level.
  const level = offer.level === undefined ? undefined : services.content.levels.find((l) => l.id === offer.level)?.name;
  const pageTitle = level ? `${offer.title} (${level})` : offer.title;
  const run = offerRun(offer, offers.globalEnd);
  const status = offerStatus(run, offers.today);
  // Scheduled: a draft to the public until its moment (decision 0059), the 404 of an offer that does not exist; staff see it whole.
  const scheduled = waitsAt(offer.publish_at, now);
  // describeRun's "Starts 1 March 2027" or "Ended 3 May 2026", inside a sentence.
  const when = describeRun(run, status).replace(/^./, (c) => c.toLowerCase());
  const preview =
    scheduled || status !== "running" || offers.hidden
      ? await staffBanner(
          services,
          context,
          request,
          scheduled
            ? `Preview for staff: this offer goes on the website on ${formatReceived(offer.publish_at!)}. Until then visitors find no page here.`
            : offers.hidden
              ? `Preview for staff: offers are hidden on the website, so visitors see “${copy.text.offers.none[0] ?? ""}” here.`
              : status === "ended"
                ? `Preview for staff: this offer ${when}. Visitors see that it has ended, without its code or prices.`
                : `Preview for staff: this offer ${when}. Until then visitors see when it starts, without its code or prices.`,
        )
      : undefined;
  if (scheduled && !preview) notFound();
  if (offers.hidden && !preview) {
    // Nothing of the offer leaves the server while offers are hidden, not even its code in the page data.
    const [heading = "Check back soon!"] = copy.text.offers.none;
    return {
      state: "hidden" as const,
      none: copy.text.offers.none,
      seo: seo({ title: `Offers: ${heading}`, description: copy.text.offers.description, path }),
    };
  }
  if (status !== "running" && !preview) {
    const words = status === "ended" ? copy.text.offers.ended : copy.text.offers.upcoming;
    const when = describeRun(run, status);
    // Its own description may name the code: say only what it was and when it runs.
    const description = limitText(`${offer.summary} ${when}. ${words.slice(1).join(" ")}`, 170);
    return {
      state: "not-running" as const,
      title: offer.title,
      when,
      words,
      seo: seo({ title: pageTitle, description, path, image: offerImage(offer.slug) }),
    };
  }
  const stylist = offer.stylist ? await findTeamMember(services.db, offer.stylist) : undefined;
  return {
    state: "running" as const,
    preview,
    offer,
    // "1 March to 30 April 2027", "Until 31 January 2027".
    run: describeRun(run, status),
    welcome: sms ? offer.sms : undefined,
    stylist: stylist
      ? { slug: stylist.slug, name: `${stylist.first_name} ${stylist.last_name}`, level_name: stylist.level_name, picture: picture(stylist.image) }
      : undefined,
    picture: photo(offerImage(offer.slug)),
    // Who it is for ("New clients"); none for an offer open to everyone.
    audience: audienceLabel[offer.audience],
    level,
    terms: offerSmallPrint(offer, copy.offers.terms, services.content.services),
    endDate: formatSalonDate(run.end),
    withQuote: copy.offers.withQuote.offerPage,
    phone: settings.phone,
    booking: bookingGuideHref(),
    crumbs: breadcrumbData([{ name: "Offers", path: "/offers" }, { name: offer.title, path }], services.config.publicUrl),
    seo: seo({
      title: sms ? `Welcome back: ${pageTitle}` : pageTitle,
      description: sms && offer.sms ? offer.sms.intro.join(" ") : offer.description,
      path,
      image: offerImage(offer.slug),
    }),
  };
}

/**
 * The banner of a signed-in staff member's preview of an offer visitors cannot see (scheduled, not running, or
 * offers hidden), saying what they see instead; nobody else gets one. Such a page is never kept by a cache.
 */
async function staffBanner(services: AppServices, context: Route.LoaderArgs["context"], request: Request, words: string) {
  if (!(await isStaffVisitor(services, { header: (name) => request.headers.get(name) }))) return undefined;
  markPagePrivate(context);
  return words;
}

export default function OfferPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "hidden") return <NoOffers text={loaderData.none} />;
  if (loaderData.state === "not-running") return <OfferNotRunning {...loaderData} />;
  const { preview, crumbs, offer, run, withQuote, welcome, audience, level, stylist, picture, terms, endDate, phone, booking } = loaderData;
  const headline = "rounded-full bg-ink px-5 py-2 font-display text-3xl text-chalk sm:text-4xl";
  return (
    <>
      <JsonLd data={crumbs} />
      {preview ? (
        <p role="status" className="bg-ink px-4 py-3 text-center font-semibold text-chalk">
          {preview}
        </p>
      ) : null}
      <article>
        <PageHeader kicker={welcome ? welcome.heading : [audience ?? "Offer", level].filter(Boolean).join(" · ")} heading={offer.title}>
          <p className="font-semibold">{run}</p>
        </PageHeader>
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[1fr_22rem]">
          <div>
            {picture ? (
              <div className="relative">
                <Picture
                  picture={picture}
                  alt=""
                  widths={[480, 800, 1200]}
                  sizes="(min-width: 64rem) 42rem, 100vw"
                  eager
                  className="aspect-[16/9] w-full rounded-2xl"
                />
                <p className={`absolute bottom-4 left-4 ${headline}`}>{offer.headline}</p>
              </div>
            ) : (
              // Without a photo, no empty block: the headline alone.
              <p className={`inline-block ${headline}`}>{offer.headline}</p>
            )}
            {welcome ? <Paragraphs items={welcome.intro} className="mt-8 text-xl" /> : null}
            <Paragraphs items={offer.body} className="mt-8 text-lg" />
            {offer.details.length > 0 ? (
              <ul className="mt-6 list-disc space-y-1 pl-6 text-lg">
                {offer.details.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            ) : null}
            {offer.prices.length > 0 ? (
              <table className="mt-8 w-full max-w-md text-left text-lg">
                <caption className="mb-2 text-left font-display text-xl font-semibold">Prices with this offer</caption>
                <ColumnHeads className="sr-only" columns={[["Service or level"], ["Price"]]} />
                <tbody>
                  {offer.prices.map((p) => (
                    <tr key={p.label} className="border-b border-ink/15">
                      <th scope="row" className="py-2 pr-4 font-normal">
                        {p.label}
                      </th>
                      <td className="py-2 text-right font-semibold whitespace-nowrap">
                        <OfferPrice {...p} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {offer.links.length > 0 ? (
              <ul className="mt-8 flex flex-wrap gap-3">
                {offer.links.map((l) => (
                  <li key={l.href}>
                    <SmartLink href={l.href} className="button button-outline">
                      {l.label}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>

          <aside aria-labelledby="claim-heading" className="space-y-6">
            <div className="rounded-2xl bg-ink p-6 text-chalk">
              <h2 id="claim-heading" className="text-2xl">
                How to claim
              </h2>
              {offer.code ? (
                <p className="mt-4">
                  Use the code
                  <strong className="mt-2 block rounded-lg border-2 border-dashed border-blush px-4 py-3 text-center font-sans text-2xl tracking-widest">
                    {offer.code}
                  </strong>
                </p>
              ) : null}
              {offer.howToClaim ? (
                <p className="mt-4">
                  <PhoneLinks words={offer.howToClaim} />
                </p>
              ) : null}
              <p className="mt-4 text-sm">{withQuote}</p>
              <div className="mt-6 flex flex-col gap-3">
                <BookNow href={booking} className="button bg-blush text-ink hover:bg-chalk" />
                <a href={phoneHref(phone)} className="button button-outline">
                  Call {phone}
                </a>
              </div>
            </div>
            {stylist ? (
              <Link
                to={href("/team/:slug", { slug: stylist.slug })}
                className="flex items-center gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/5 hover:underline"
              >
                <Picture
                  picture={stylist.picture}
                  alt=""
                  widths={[160, 320]}
                  sizes="5rem"
                  className="aspect-[4/5] w-20 shrink-0 rounded-lg"
                />
                <span>
                  <span className="block font-display text-xl font-semibold">{stylist.name}</span>
                  <span className="text-sm">{stylist.level_name}</span>
                </span>
              </Link>
            ) : null}
            <HeadedSection id="terms-heading" title="The small print" className="rounded-2xl bg-blush/50 p-6 text-sm" headingClassName="text-lg">
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {terms.map((t) => (
                  <li key={t}>{t}</li>
                ))}
                <li>{`Offer ends ${endDate}.`}</li>
              </ul>
            </HeadedSection>
          </aside>
        </div>
      </article>
    </>
  );
}
