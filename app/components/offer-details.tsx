import { href, Link } from "react-router";
import type { PictureData } from "~/modules/images/picture-data";
import type { Offer } from "~/modules/site/site-copy.server";
import { phoneHref } from "~/modules/site/public-settings";
import { BookNow, ButtonLinks, ColumnHeads, HeadedSection, PageHeader, Paragraphs, SmartLink } from "./page";
import { OfferPrice } from "./offer-card";
import { Picture } from "./picture";

const endLinks = "mx-auto flex max-w-6xl flex-wrap gap-3 px-4 py-12";
const getAQuote = { to: href("/prices"), label: "Get a quote" };

/** What every offer page shows while the offers are hidden (by staff, or because none runs today). */
export function NoOffers({ text }: { text: string[] }) {
  const [heading = "Check back soon!", ...rest] = text;
  return (
    <>
      <PageHeader kicker="Offers" heading={heading}>
        <Paragraphs items={rest} />
      </PageHeader>
      <ButtonLinks className={endLinks} links={[{ to: href("/team"), label: "Meet the team" }, getAQuote]} />
    </>
  );
}

/** An offer that has not started yet or has ended: what it was called, when it runs or ran, and the way to what runs now. */
export function OfferNotRunning({ title, when, words }: { title: string; when: string; words: string[] }) {
  const [kicker = "Offers", ...rest] = words;
  return (
    <>
      <PageHeader kicker={kicker} heading={title}>
        <p className="font-semibold">{when}</p>
        <Paragraphs items={rest} className="mt-3" />
      </PageHeader>
      <ButtonLinks className={endLinks} links={[{ to: href("/offers"), label: "See the current offers" }, getAQuote]} />
    </>
  );
}

interface OfferDetailsProps {
  offer: Offer;
  /** "1 March to 30 April 2027", "Until 31 January 2027". */
  run: string;
  /** How the offer and a saved quote's first-visit discount go together. */
  withQuote: string;
  welcome?: { heading: string; intro: string[] };
  /** Who it is for ("New clients"); none for an offer open to everyone. */
  audience?: string;
  /** The stylist level it is with, when it names one (an offer made at several levels, decision 0070). */
  level?: string;
  stylist?: { slug: string; name: string; level_name: string; picture?: PictureData };
  picture?: PictureData;
  terms: string[];
  endDate: string;
  phone: string;
  booking: string;
}

export function OfferDetails({ offer, run, withQuote, welcome, audience, level, stylist, picture, terms, endDate, phone, booking }: OfferDetailsProps) {
  const headline = "rounded-full bg-ink px-5 py-2 font-display text-3xl text-chalk sm:text-4xl";
  return (
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
                    <th scope="row" className="py-2 font-normal">
                      {p.label}
                    </th>
                    <td className="py-2 text-right font-semibold">
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
            {offer.howToClaim ? <p className="mt-4">{offer.howToClaim}</p> : null}
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
  );
}
