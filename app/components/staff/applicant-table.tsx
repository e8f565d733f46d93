/**
 * The applicant list: a table on wide screens, a stack of cards on phones
 * (no sideways scrolling). The table keeps its meaning for screen readers in
 * both layouts (explicit roles), and every row says its state in words.
 */
import { Form, Link } from "react-router";
import type { ApplicantListItem } from "~/modules/applicants/list-items";
import { DuplicateBadge, StatusBadge, statusStyles } from "./status-badge";

const columns = ["Date", "Name", "Follow-up", "Email", "Mobile", "Role", "Position", "Email Sent", "Archive"] as const;

/** On a phone each cell says what it is; on a wide screen the column header does. */
function CellLabel({ children }: { children: string }) {
  return <span className="font-semibold md:hidden">{children}: </span>;
}

const cell = "px-3 py-1 md:py-3 md:align-top";

/** A long address may wrap, preferably just after the @. */
function EmailAddress({ email }: { email: string }) {
  const at = email.indexOf("@");
  if (at === -1) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

export function ApplicantTable({ items, busyId }: { items: ApplicantListItem[]; busyId: number | undefined }) {
  return (
    <table role="table" className="w-full text-left max-md:block">
      <thead role="rowgroup" className="max-md:sr-only">
        <tr role="row" className="border-b-2 border-ink/20">
          {columns.map((c) => (
            <th key={c} role="columnheader" scope="col" className="px-3 py-2 text-sm font-semibold whitespace-nowrap">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup" className="max-md:block max-md:space-y-3">
        {items.map((item) => (
          <tr
            key={item.id}
            role="row"
            className={`border-l-8 max-md:flex max-md:flex-col max-md:rounded-xl max-md:py-3 max-md:shadow-sm max-md:ring-1 max-md:ring-ink/10 md:border-b md:border-b-ink/10 ${statusStyles[item.status].row}`}
          >
            <td role="cell" className={`${cell} whitespace-nowrap max-md:order-2`}>
              <CellLabel>Applied</CellLabel>
              {item.applied}
            </td>
            <td role="cell" className={`${cell} max-md:order-1`}>
              {item.status === "archived" ? (
                <span className="font-semibold break-words">{item.name}</span>
              ) : (
                <Link to={`/applicant/${item.id}`} className="font-semibold break-words text-brass-dark underline max-md:text-lg">
                  {item.name}
                </Link>
              )}
              {item.possibleDuplicate ? (
                <span className="mt-1 block">
                  <DuplicateBadge />
                </span>
              ) : null}
            </td>
            <td role="cell" className={`${cell} max-md:order-1`}>
              <span className="sr-only md:hidden">Follow-up: </span>
              <StatusBadge status={item.status} label={item.statusLabel} />
            </td>
            <td role="cell" className={`${cell} [overflow-wrap:anywhere] max-md:order-3`}>
              <CellLabel>Email</CellLabel>
              <EmailAddress email={item.email} />
            </td>
            <td role="cell" className={`${cell} whitespace-nowrap max-md:order-3`}>
              <CellLabel>Mobile</CellLabel>
              <a href={`tel:${item.mobileE164}`} className="underline">
                {item.mobile}
              </a>
            </td>
            <td role="cell" className={`${cell} max-md:order-3`}>
              <CellLabel>Role</CellLabel>
              {item.role}
            </td>
            <td role="cell" className={`${cell} max-md:order-3`}>
              <CellLabel>Position</CellLabel>
              {item.position}
            </td>
            <td role="cell" className={`${cell} max-md:order-3`}>
              <CellLabel>Email sent</CellLabel>
              {item.emailSent}
            </td>
            <td role="cell" className={`${cell} max-md:order-4 max-md:pt-2`}>
              {item.status === "archived" ? (
                <span className="font-semibold">Archived</span>
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="archive" />
                  <input type="hidden" name="id" value={item.id} />
                  <button
                    type="submit"
                    aria-label={`Archive ${item.name}`}
                    disabled={busyId === item.id}
                    className="button button-outline min-h-10 py-1 text-sm disabled:opacity-60"
                  >
                    {busyId === item.id ? "Archiving…" : "Archive"}
                  </button>
                </Form>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
