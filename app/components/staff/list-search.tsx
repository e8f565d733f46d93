/**
 * A staff list's search box and its Export CSV. With JavaScript the list
 * filters as you type, and the button (and Enter) need no trip to the server;
 * without it the search posts to the page (never a GET: names stay out of
 * addresses and logs). The export takes the list as it is shown.
 */
import { Form } from "react-router";
import { PlainField } from "~/components/forms/field-kit";
import { SEARCH_MAX_LENGTH } from "~/modules/applicants/applicant-views";

/** The applicants' table, and an inbox's cards (whose box takes a phone's width). */
const looks = {
  table: { form: "flex flex-wrap items-end gap-2", field: { inputClassName: "w-72 max-w-full" }, exportForm: "ml-auto", button: " min-h-11" },
  cards: { form: "flex w-full flex-wrap items-end gap-2 sm:w-auto", field: { className: "min-w-0 flex-1 sm:w-72 sm:flex-none" }, exportForm: "sm:ml-auto", button: "" },
};

export function ListSearch({
  id,
  label,
  query,
  onQuery,
  exportTo,
  filterName,
  filter,
  look,
}: {
  id: string;
  label: string;
  query: string;
  onQuery: (query: string) => void;
  exportTo: string;
  /** The export's name for the list's filter ("filter", "show"), as its own page's address has it. */
  filterName: string;
  filter: string;
  look: keyof typeof looks;
}) {
  const { form, field, exportForm, button } = looks[look];
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Form method="post" role="search" onSubmit={(event) => event.preventDefault()} className={form}>
        <input type="hidden" name="intent" value="search" />
        <PlainField {...field} id={id} label={label} name="q" type="search" value={query} maxLength={SEARCH_MAX_LENGTH} onChange={(e) => onQuery(e.target.value)} autoComplete="off" />
        <button type="submit" className={`button button-outline${button}`}>
          Search
        </button>
      </Form>
      {/* A plain form: the answer is a file to save, not a page. */}
      <form method="post" action={exportTo} className={exportForm}>
        <input type="hidden" name={filterName} value={filter} />
        <input type="hidden" name="q" value={query} />
        <button type="submit" className={`button button-primary${button}`}>
          Export CSV
        </button>
      </form>
    </div>
  );
}
