/**
 * One inbox (/staff/models, /staff/messages, /staff/open-evening,
 * /staff/feedback): what the public form stored, newest first, as cards.
 * Filter by handled, search (a post: names stay out of addresses), tick off
 * and undo, export the list as it is shown. Every form works without JavaScript.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { useState, type FormEvent } from "react";
import { data, Form, useNavigation } from "react-router";
import { PlainField } from "~/components/forms/field-kit";
import { FilterLinks } from "~/components/staff/filter-links";
import { InboxCard } from "~/components/staff/inbox-card";
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
import { listInbox, recordInboxLook, setHandled } from "~/modules/inbox/inbox.server";
import { servicesContext } from "~/web/context";
import { staffMeta } from "~/web/staff-page";
import { staffContext } from "~/web/staff-route.server";
import type { Route } from "./+types/staff-inbox";

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
  await recordInboxLook(services.db, staff, kind, filter);
  const erased = Number(url.searchParams.get("erased"));
  return { kind, filter, cards: records.map(toInboxCard), erased: Number.isInteger(erased) && erased > 0 ? erased : null };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const staff = context.get(staffContext);
  const form = await request.formData();
  const kind = kindParam(params.kind);
  const q = String(form.get("q") ?? "").slice(0, SEARCH_MAX_LENGTH);
  const intent = form.get("intent");
  if (intent === "search") return { intent: "search" as const, q };
  if (intent === "handled") {
    const submission = parseWithZod(form, { schema: handledFormSchema });
    if (submission.status !== "success") {
      return data({ intent: "handled" as const, q, error: "That change wasn't understood. Please try again." }, { status: 400 });
    }
    const { id, handled } = submission.value;
    const record = await setHandled(services.db, staff, kind, id, handled);
    if (!record) return data({ intent: "handled" as const, q, error: "That record is no longer here." }, { status: 404 });
    return { intent: "handled" as const, q, id, handled, name: record.name };
  }
  return data({ intent: "unknown" as const, q, error: "That action isn't one this page knows." }, { status: 400 });
}

export default function Inbox({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, filter, cards, erased } = loaderData;
  const searched = actionData && "q" in actionData ? actionData.q : "";
  const changed = actionData?.intent === "handled" && "name" in actionData ? actionData : undefined;
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <StaffFrame title={inboxText[kind].title} lead={<p>{inboxText[kind].lead}</p>}>
      <div aria-live="polite" className="mb-4 empty:hidden">
        {erased ? <p className="notice">{`Record #${erased} has been erased, with any message about it.`}</p> : null}
        {changed ? (
          <div className="notice flex flex-wrap items-center gap-3">
            <p className="mr-auto">{changed.handled ? `${changed.name} is marked as handled.` : `${changed.name} is marked as not handled.`}</p>
            <Form method="post">
              <input type="hidden" name="intent" value="handled" />
              <input type="hidden" name="id" value={changed.id} />
              <input type="hidden" name="handled" value={changed.handled ? "false" : "true"} />
              <input type="hidden" name="q" value={changed.q} />
              <button type="submit" className="button button-outline">
                Undo
              </button>
            </Form>
          </div>
        ) : null}
      </div>
      <div role="alert" className="mb-4 empty:hidden">
        {error ? <p className="rounded-lg bg-red-50 p-3 font-semibold text-red-800">{error}</p> : null}
      </div>
      <InboxList key={`${kind}:${filter}:${searched}`} kind={kind} filter={filter} cards={cards} initialQuery={searched} />
    </StaffFrame>
  );
}

function InboxList({
  kind,
  filter,
  cards,
  initialQuery,
}: {
  kind: InboxKind;
  filter: InboxFilter;
  cards: ReturnType<typeof toInboxCard>[];
  initialQuery: string;
}) {
  const [query, setQuery] = useState(initialQuery);
  const navigation = useNavigation();
  const searching = navigation.state !== "idle" && navigation.formData?.get("intent") === "search";
  const shown = cards.filter((card) => matchesInboxSearch(card, query));
  // With JavaScript the list filters as you type; without it the search posts to the page.
  const searchHere = (event: FormEvent<HTMLFormElement>) => event.preventDefault();
  const searchId = `${kind}-search`;

  return (
    <div className="space-y-6">
      <FilterLinks
        label={`${inboxText[kind].title}: which to show`}
        filters={inboxFilters}
        current={filter}
        labels={inboxFilterLabels}
        href={(f) => (f === "open" ? inboxPath(kind) : `${inboxPath(kind)}?show=${f}`)}
      />

      <div className="flex flex-wrap items-end gap-3">
        <Form method="post" role="search" onSubmit={searchHere} className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
          <input type="hidden" name="intent" value="search" />
          <PlainField
            className="min-w-0 flex-1 sm:w-72 sm:flex-none"
            id={searchId}
            label={inboxText[kind].searchHint}
            name="q"
            type="search"
            value={query}
            maxLength={SEARCH_MAX_LENGTH}
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
          />
          <button type="submit" className="button button-outline" disabled={searching}>
            Search
          </button>
        </Form>
        {/* A plain form: the answer is a file to save, not a page. */}
        <form method="post" action={`${inboxPath(kind)}/export`} className="sm:ml-auto">
          <input type="hidden" name="show" value={filter} />
          <input type="hidden" name="q" value={query} />
          <button type="submit" className="button button-primary">
            Export CSV
          </button>
        </form>
      </div>

      <p aria-live="polite" className="text-sm">
        {`${countOf(kind, shown.length)} · ${inboxFilterLabels[filter]}`}
        {query.trim() ? ` · matching “${query.trim()}”` : ""}
      </p>
      {shown.length > 0 ? (
        <ul className="space-y-4">
          {shown.map((card) => (
            <li key={card.id}>
              <InboxCard card={card} query={query} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="notice">{filter === "open" && !query.trim() ? "Nothing waiting: everything here has been handled." : "Nothing to show here."}</p>
      )}
    </div>
  );
}
