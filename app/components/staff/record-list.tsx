/**
 * The lists a staff page keeps of what happened: an applicant's notes, emails
 * and invitations as cards, and a page's history as dated lines. Each is a
 * section named by its heading, and says so when there is nothing yet.
 */
import type { Key, ReactNode } from "react";
import { HeadedSection } from "~/components/page";
import { Fold } from "./fold";

/** A section of cards, newest first as given; `children` draws one card's contents. */
export function RecordList<Item>({
  id,
  title,
  empty,
  items,
  keyOf,
  children,
}: {
  /** The heading's id is `${id}-heading`. */
  id: string;
  title: string;
  empty: string;
  items: readonly Item[];
  keyOf: (item: Item, index: number) => Key;
  children: (item: Item) => ReactNode;
}) {
  return (
    <HeadedSection id={`${id}-heading`} title={title}>
      {items.length === 0 ? (
        <p className="mt-2">{empty}</p>
      ) : (
        <ol className="mt-3 space-y-2">
          {items.map((item, index) => (
            <li key={keyOf(item, index)} className="rounded-xl bg-white p-3 ring-1 ring-ink/10">
              {children(item)}
            </li>
          ))}
        </ol>
      )}
    </HeadedSection>
  );
}

interface HistoryLine {
  id: number | string;
  when: string;
  text: string;
}

/**
 * What was done and when, a line each; `empty` is said when nothing was (left out, an empty list).
 * `folded`: shut on a phone, open on a wide screen (fold.tsx), for a page where the history is not what one came for.
 */
export function HistoryList({ title, events, empty, className, folded = false }: { title: string; events: readonly HistoryLine[]; empty?: string; className?: string; folded?: boolean }) {
  const heading = (
    <h2 id="history-heading" className="text-2xl">
      {title}
    </h2>
  );
  const lines =
    empty !== undefined && events.length === 0 ? (
        <p className="mt-2">{empty}</p>
    ) : (
      <ol className="mt-3 space-y-1 text-sm">
        {events.map((event) => (
          <li key={event.id}>
            <span className="tabular-nums">{event.when}</span> <span>{event.text}</span>
          </li>
        ))}
      </ol>
    );
  return (
    <section aria-labelledby="history-heading" className={className}>
      {folded ? (
        <Fold summary={heading}>{lines}</Fold>
      ) : (
        <>
          {heading}
          {lines}
        </>
      )}
    </section>
  );
}
