import type { ReactNode } from "react";
import { Link } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { ButtonLink, ColumnHeads, TextLink } from "~/components/page";
import { bookingGuideHref, phoneHref } from "~/modules/site/public-settings";
import { typeLabels, type CalculatorState } from "~/modules/pricing/calculator-state";
import { formatDuration, levelNotOfferedMessage, quoteHasColour } from "~/modules/pricing/pricing";
import { NEW_CLIENT_CONSULTATION_TEXT, SKIN_TEST_TEXT, SKIN_TEST_TITLE } from "~/modules/quotes/quote-words";
import { formatPounds } from "~/utils/money";

/** The frame of every calculator page: a heading, an optional lead, and room. */
export function CalculatorPage({
  eyebrow,
  title,
  lead,
  structuredData,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  /** schema.org data about the page for search engines (its breadcrumbs). */
  structuredData?: object;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-4xl px-4 pt-10 pb-20 sm:pt-14">
      {structuredData ? <JsonLd data={structuredData} /> : null}
      {eyebrow ? <p className="text-sm font-semibold tracking-[0.2em] text-brass-dark uppercase">{eyebrow}</p> : null}
      <h1 className="mt-2 text-3xl sm:text-5xl">{title}</h1>
      {lead ? <div className="mt-4 max-w-2xl text-lg">{lead}</div> : null}
      <div className="mt-8">{children}</div>
    </div>
  );
}

/** A totals page opened before its choice is made: what to choose first, and the button back to the calculator to choose it. */
export function ChooseFirst({ state, title, to, label, children }: { state: Pick<CalculatorState, "type">; title: string; to: string; label: string; children?: ReactNode }) {
  return (
    <CalculatorPage eyebrow={typeLabels[state.type]} title={title}>
      {children}
      <p>
        <ButtonLink to={to}>{label}</ButtonLink>
      </p>
    </CalculatorPage>
  );
}

/** The visit's chair time under a total: "Time in the chair: about 2 hours 30 minutes, processing included." */
export function ChairTime({ minutes, className = "mt-4", testId = "chair-time" }: { minutes: number; className?: string; testId?: string }) {
  return (
    <p className={className} data-testid={testId}>
      Time in the chair: <strong>{formatDuration(minutes)}</strong>, processing included.
    </p>
  );
}

/** A priced list of services and its total. */
export function QuoteLines({ items, total }: { items: { service: string; price: number }[]; total: number }) {
  return (
    <table className="w-full border-collapse text-left">
      <caption className="sr-only">Your services</caption>
      <ColumnHeads className="sr-only" columns={[["Service"], ["Price"]]} />
      <tbody>
        {items.map((item, i) => (
          <tr key={`${item.service}-${i}`} className="border-b border-ink/10">
            <th scope="row" className="py-3 pr-4 font-normal">
              {item.service}
            </th>
            <td className="py-3 text-right tabular-nums">{formatPounds(item.price)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className="pt-4 text-lg font-semibold">
            Estimated total
          </th>
          <td className="pt-4 text-right font-display text-3xl font-semibold tabular-nums" data-testid="quote-total">
            {formatPounds(total)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/** A choice drawn as a card: a link (marked when it is the current one), or without `to` the same card greyed out. */
export function Option({ to, current, children }: { to: string | undefined; current?: boolean; children: ReactNode }) {
  return to ? (
    <Link to={to} aria-current={current ? "true" : undefined} className="option flex-1">
      {children}
    </Link>
  ) : (
    <div className="option option-unavailable flex-1" aria-disabled="true">
      {children}
    </div>
  );
}

/** A soft panel for notes and messages; `className` spaces it from what is around it (in a div of its own). */
export function Notice({ tone = "info", title, className, children }: { tone?: "info" | "warning"; title?: string; className?: string; children: ReactNode }) {
  const notice = (
    <div className={`notice ${tone === "warning" ? "notice-warning" : ""}`}>
      {title ? <p className="font-semibold">{title}</p> : null}
      <div className={title ? "mt-1" : ""}>{children}</div>
    </div>
  );
  return className ? <div className={className}>{notice}</div> : notice;
}

/**
 * The skin-test note, wherever the quote has colour (men's colour included):
 * one rule, right for new and returning clients alike (app/modules/quotes/quote-words.ts);
 * new clients are also asked to book a consultation first.
 */
export function SkinTestNote({ regular, className }: { regular: boolean | undefined; className?: string }) {
  return (
    <Notice title={SKIN_TEST_TITLE} className={className}>
      <p>{SKIN_TEST_TEXT}</p>
      {regular === false ? <p className="mt-2">{NEW_CLIENT_CONSULTATION_TEXT}</p> : null}
    </Notice>
  );
}

/** 'Have you been here before (within 18 months)': Yes or No, each a link. */
export function RegularQuestion({ current, href }: { current: boolean | undefined; href: (regular: boolean) => string }) {
  return (
    <section aria-labelledby="regular-heading" className="rounded-2xl bg-white p-6 ring-1 ring-ink/10">
      <h2 id="regular-heading" tabIndex={-1} className="text-2xl outline-none">
        Have you been here before (within 18 months)?
      </h2>
      <p className="mt-2">Any of our three salons counts.</p>
      <div className="mt-4 flex flex-wrap gap-3">
        {([true, false] as const).map((answer) => (
          <Link
            key={String(answer)}
            to={href(answer)}
            aria-current={current === answer ? "true" : undefined}
            className="button choice-button"
          >
            {answer ? "Yes" : "No"}
          </Link>
        ))}
      </div>
    </section>
  );
}

/**
 * The totals pages' buttons: saving the quote (a plain link to the finish page's
 * form, fetched ahead on hover or touch by the speculation rules), "Book now" (the
 * booking guide, like every site-wide booking button), the page's own, and changing the services.
 */
export function TotalsActions({ saveTo, changeTo, children }: { saveTo: string | undefined; changeTo: string; children?: ReactNode }) {
  return (
    <div className="mt-8 flex flex-wrap gap-3">
      {saveTo ? (
        <ButtonLink to={saveTo}>Save my quote</ButtonLink>
      ) : null}
      <a href={bookingGuideHref()} className="button button-outline">
        Book now
      </a>
      {children}
      <ButtonLink to={changeTo} outline>Change my services</ButtonLink>
    </div>
  );
}

/** A totals page's skin-test note, there only when the quote has colour. */
export function TotalsSkinTestNote({ state }: { state: Pick<CalculatorState, "services" | "regular"> }) {
  return quoteHasColour(state.services) ? <SkinTestNote regular={state.regular} className="mt-6" /> : null;
}

/** A stylist's picture, name, level and salon. */
export function StylistSummary({
  image,
  name,
  levelName,
  salonName,
  nameAs: Name = "p",
  children,
}: {
  image: string;
  name: string;
  levelName: string;
  salonName: string;
  /** The name is the heading of its section. */
  nameAs?: "p" | "h2";
  children?: ReactNode;
}) {
  return (
    <div className="flex items-center gap-4">
      <img src={image} alt="" width={80} height={100} className="h-24 w-20 shrink-0 rounded-xl object-cover" />
      <div>
        <Name className="font-display text-2xl font-semibold">{name}</Name>
        <p className="text-sm font-semibold tracking-wide text-sage uppercase">{levelName}</p>
        <p className="text-sm">{salonName}</p>
        {children}
      </div>
    </div>
  );
}

/** The chosen services a level or stylist may not do, and a way to change them. */
export function DroppedNotice({ title, dropped, className, children }: { title: string; dropped: CalculatorState["dropped"]; className?: string; children: ReactNode }) {
  return (
    <Notice tone="warning" title={title} className={className}>
      {dropped.length > 0 ? (
        <ul className="list-disc pl-5">
          {dropped.map(({ service, reason }) => (
            <li key={service.id}>
              {service.service}: {reason}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-2">{children}</p>
    </Notice>
  );
}

/** A quote opened before its services are all chosen: says only that, and where to finish it. */
export function UnfinishedNotice({ to, className }: { to: string; className?: string }) {
  return (
    <Notice title="Your quote isn't finished yet" className={className}>
      <p>
        Choose your services to see the full price.{" "}
        <TextLink to={to}>Back to the calculator</TextLink>
      </p>
    </Notice>
  );
}

/** "Questions? Call us on 01632 960 412." */
export function CallUs({ phone, before = "Questions?" }: { phone: string; before?: string }) {
  return (
    <>
      {before} Call us on{" "}
      <a href={phoneHref(phone)} className="font-semibold text-brass-dark underline">
        {phone}
      </a>
      .
    </>
  );
}

/** When the address names a level the chosen salon does not have: which, and where (nothing otherwise). */
export function LevelNotOffered({ state, className = "mb-6" }: { state: Pick<CalculatorState, "unavailableLevel" | "salon">; className?: string }) {
  if (!state.unavailableLevel || !state.salon) return null;
  return (
    <Notice tone="warning" className={className}>
      <p>{levelNotOfferedMessage(state.unavailableLevel.name, state.salon.name)}</p>
    </Notice>
  );
}
