/**
 * One inbox (/staff/models, /staff/messages, /staff/open-evening,
 * /staff/feedback): what the public form stored, newest first, as cards.
 * Filter by handled, search (a post: names stay out of addresses), tick off
 * and undo, export the list as it is shown. Every form works without JavaScript.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState, type ReactNode } from "react";
import { data, useFetcher } from "react-router";
import { FilterLinks } from "~/components/staff/filter-links";
import { InboxCard } from "~/components/staff/inbox-card";
import { ListSearch } from "~/components/staff/list-search";
import { StaffFrame } from "~/components/staff/staff-frame";
import type { StaffHandle } from "~/components/staff/staff-refusal";
import { SEARCH_MAX_LENGTH } from "~/modules/applicants/applicant-views";
import { markSeen } from "~/modules/inbox/desk-summary.server";
import {
  countOf,
  inboxFilterLabels,
  inboxFilters,
  inboxPath,
  inboxText,
  isInboxFilter,
  isInboxKind,
  matchesInboxSearch,
  toInboxCard,
  type InboxFilter,
  type InboxKind,
} from "~/modules/inbox/inbox-kinds";
import { handledFormSchema } from "~/modules/inbox/inbox-schemas";
import { listInbox, setHandled } from "~/modules/inbox/inbox.server";
import { recordListLook } from "~/modules/audit/audit.server";
import { servicesContext } from "~/web/context";
import { staffMeta } from "~/web/staff-page";
import { staffContext, staffPost } from "~/web/staff-route.server";
import type { Route } from "./+types/staff.$kind";

export const handle: StaffHandle = { staffTitle: "Staff desk" };
export const meta = ({ params }: Route.MetaArgs) => staffMeta(isInboxKind(params.kind) ? inboxText[params.kind].title : "Inbox");

function kindParam(value: string | undefined): InboxKind {
  if (!isInboxKind(value)) throw data("There is no such inbox", { status: 404 });
  return value;
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const staff = context.get(staffContext);
  const kind = kindParam(params.kind);
  const asked = url.searchParams.get("show");
  const filter: InboxFilter = isInboxFilter(asked) ? asked : "open";
  const records = await listInbox(services.db, kind, filter);
  await markSeen(services.db, staff.staffId, kind);
  await recordListLook(services.db, staff, kind, filter);
  const erased = Number(url.searchParams.get("erased"));
  return { kind, filter, cards: records.map(toInboxCard), erased: Number.isInteger(erased) && erased > 0 ? erased : null };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { services, staff, form } = await staffPost(context, request);
  const kind = kindParam(params.kind);
  const q = String(form.get("q") ?? "").slice(0, SEARCH_MAX_LENGTH);
  const intent = form.get("intent");
  if (intent === "search") return { intent: "search" as const, q };
  if (intent === "handled") {
    const submission = parseWithZod(form, { schema: handledFormSchema });
    if (submission.status !== "success") {
      return data({ intent: "handled" as const, kind, q, error: "That change wasn't understood. Please try again." }, { status: 400 });
    }
    const { id, handled } = submission.value;
    const record = await setHandled(services.db, staff, kind, id, handled);
    if (!record) return data({ intent: "handled" as const, kind, q, error: "That record is no longer here." }, { status: 404 });
    return { intent: "handled" as const, kind, q, id, handled, name: record.name };
  }
  return data({ intent: "unknown" as const, q, error: "That action isn't one this page knows." }, { status: 400 });
}

/** What this page's action answers. */
type Answer = NonNullable<Route.ComponentProps["actionData"]>;

export default function Inbox({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, filter, cards, erased } = loaderData;
  // The latest answer to a tick or an undo made through a fetcher (with JavaScript), for this inbox only;
  // without JavaScript, the page's own answer.
  const [marked, setMarked] = useState<Answer | null>(null);
  const answer = marked && "kind" in marked && marked.kind === kind ? marked : actionData;
  const searched = actionData && "q" in actionData ? actionData.q : "";
  const changed = answer?.intent === "handled" && "name" in answer ? answer : undefined;
  const error = answer && "error" in answer ? answer.error : undefined;
  return (
    <StaffFrame title={inboxText[kind].title} lead={<p>{inboxText[kind].lead}</p>}>
      <div aria-live="polite" className="mb-4 empty:hidden">
        {erased ? <p className="notice">{`Record #${erased} has been erased, with any message about it.`}</p> : null}
        {changed ? (
          <div className="notice flex flex-wrap items-center gap-3">
            <p className="mr-auto">{changed.handled ? `${changed.name} is marked as handled.` : `${changed.name} is marked as not handled.`}</p>
            <HandledForm id={changed.id} handled={!changed.handled} query={changed.q} onAnswer={setMarked} className="button button-outline">
              Undo
            </HandledForm>
          </div>
        ) : null}
      </div>
      <div role="alert" className="mb-4 empty:hidden">
        {error ? <p className="rounded-lg bg-red-50 p-3 font-semibold text-red-800">{error}</p> : null}
      </div>
      <InboxList key={`${kind}:${filter}:${searched}`} kind={kind} filter={filter} cards={cards} initialQuery={searched} onAnswer={setMarked} />
    </StaffFrame>
  );
}

/**
 * Ticks a record off or puts it back, through a fetcher of its own: a tap on
 * another list straight after it neither cancels the change (as it cancelled a
 * page's post) nor shows a list read before it, since React Router reads the
 * page again once the change is made. Without JavaScript it is the same form,
 * posted to this page.
 */
function HandledForm({
  id,
  handled,
  query,
  onAnswer,
  className,
  children,
  who,
}: {
  id: number;
  handled: boolean;
  query: string;
  onAnswer: (answer: Answer) => void;
  className: string;
  children: ReactNode;
  /** Whose record, for a screen reader: the button's words say what, the card's heading whom. */
  who?: string;
}) {
  const fetcher = useFetcher<typeof action>();
  // Each answer once, to the page's notice (the card may be gone from the list by then).
  useEffect(() => {
    if (fetcher.data) onAnswer(fetcher.data);
  }, [fetcher.data, onAnswer]);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="handled" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="handled" value={handled ? "true" : "false"} />
      <input type="hidden" name="q" value={query} />
      <button type="submit" disabled={busy} className={className}>
        {busy ? "Saving…" : children}
        {who ? <span className="sr-only">: {who}</span> : null}
      </button>
    </fetcher.Form>
  );
}

function InboxList({
  kind,
  filter,
  cards,
  initialQuery,
  onAnswer,
}: {
  kind: InboxKind;
  filter: InboxFilter;
  cards: ReturnType<typeof toInboxCard>[];
  initialQuery: string;
  onAnswer: (answer: Answer) => void;
}) {
  const [query, setQuery] = useState(initialQuery);
  const shown = cards.filter((card) => matchesInboxSearch(card, query));

  return (
    <div className="space-y-6">
      <FilterLinks
        label={`${inboxText[kind].title}: which to show`}
        filters={inboxFilters}
        current={filter}
        labels={inboxFilterLabels}
        href={(f) => (f === "open" ? inboxPath(kind) : `${inboxPath(kind)}?show=${f}`)}
      />

      <ListSearch id={`${kind}-search`} label={inboxText[kind].searchHint} query={query} onQuery={setQuery} exportTo={`${inboxPath(kind)}/export`} filterName="show" filter={filter} look="cards" />

      <p aria-live="polite" className="text-sm">
        {`${countOf(kind, shown.length)} · ${inboxFilterLabels[filter]}`}
        {query.trim() ? ` · matching “${query.trim()}”` : ""}
      </p>
      {shown.length > 0 ? (
        <ul className="space-y-4">
          {shown.map((card) => (
            <li key={card.id}>
              <InboxCard
                card={card}
                mark={
                  <HandledForm
                    id={card.id}
                    handled={!card.handled}
                    query={query}
                    onAnswer={onAnswer}
                    who={card.name}
                    className={card.handled ? "button button-outline" : "button button-primary"}
                  >
                    {card.handled ? "Mark not handled" : "Mark handled"}
                  </HandledForm>
                }
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="notice">{filter === "open" && !query.trim() ? "Nothing waiting: everything here has been handled." : "Nothing to show here."}</p>
      )}
    </div>
  );
}
