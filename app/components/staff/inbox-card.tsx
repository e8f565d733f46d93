/**
 * One enquiry as a card: who, when, how to reach them (a tap calls or emails),
 * what they wrote, whether someone has dealt with it, and the button to tick
 * it off or put it back (`mark`, the page's own). Large tap targets; nothing
 * wider than a phone.
 */
import type { ReactNode } from "react";
import { href, Link } from "react-router";
import type { InboxCard as Card } from "~/modules/inbox/inbox-kinds";
import { useMayAct } from "./staff-frame";

export function InboxCard({ card, mark }: { card: Card; mark: ReactNode }) {
  const headingId = `record-${card.id}`;
  const mayErase = useMayAct("manager");
  return (
    <article
      aria-labelledby={headingId}
      className={`rounded-2xl border-l-8 bg-white p-4 shadow-sm ring-1 ring-ink/10 sm:p-5 ${card.handled ? "border-l-stone-400" : "border-l-brass-dark"}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="text-xl break-words sm:text-2xl">
          {card.name}
        </h2>
        <p className="text-sm">
          <span className="sr-only">Received </span>
          <time dateTime={card.created_at}>{card.received}</time>
        </p>
      </div>

      <p className="mt-3 flex flex-wrap gap-2">
        {card.mobile ? (
          <a href={`tel:${card.mobile}`} className="button button-outline min-w-0 px-4 break-all">
            Call {card.mobileReadable}
          </a>
        ) : null}
        {card.email ? (
          <a href={`mailto:${card.email}`} className="button button-outline min-w-0 px-4 break-all">
            Email {card.email}
          </a>
        ) : null}
      </p>

      {card.text ? <p className="mt-3 break-words whitespace-pre-line">{card.text}</p> : null}
      {card.health ? (
        <p className="mt-3 rounded-xl bg-blush/40 p-3 break-words whitespace-pre-line">
          <span className="font-semibold">Health information (given with consent): </span>
          {card.health}
        </p>
      ) : null}

      <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-ink/10 pt-3">
        <p className="mr-auto font-semibold">{card.handled ?? "Not handled yet"}</p>
        {mark}
        {mayErase ? (
          <Link to={href("/staff/:kind/:id/erase", { kind: card.kind, id: String(card.id) })} className="inline-flex min-h-11 items-center font-semibold text-alert underline">
            Erase…<span className="sr-only"> {card.name}</span>
          </Link>
        ) : null}
      </div>
    </article>
  );
}
