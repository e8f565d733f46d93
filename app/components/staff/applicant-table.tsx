/**
 * The applicant list: a table on wide screens, a stack of cards on phones
 * and tablets (no sideways scrolling). A native table, with no ARIA roles
 * laid over it; every row says its state in words.
 */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { ColumnHeads } from "~/components/page";
import type { ApplicantListItem } from "~/modules/applicants/list-items";
import { DuplicateBadge, StatusBadge, statusStyles } from "./status-badge";

const columns = ["Date", "Name", "Follow-up", "Email", "Mobile", "Role", "Position", "Email Sent", "Archive"] as const;

const cell = "px-3 py-1 lg:py-3 lg:align-top";

/** On a phone each cell says what it is; on a wide screen the column header does. */
function Cell({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    <td className={`${cell} ${className}`}>
      <span className="font-semibold lg:hidden">{label}: </span>
      {children}
    </td>
  );
}

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

/** The applicant's page, told which list it was opened from (a list's name: nothing personal), for next and previous. */
const applicantPath = (id: number, list: string) => (list === "all" ? `/applicant/${id}` : `/applicant/${id}?list=${list}`);

export function ApplicantTable({ items, busyId, list = "all" }: { items: ApplicantListItem[]; busyId: number | undefined; list?: string }) {
  return (
    <table className="w-full text-left max-lg:block">
      <ColumnHeads className="max-lg:sr-only" rowClassName="border-b-2 border-ink/20" columns={columns.map((c) => [c, "px-3 py-2 text-sm font-semibold whitespace-nowrap"])} />
      <tbody className="max-lg:block max-lg:space-y-3">
        {items.map((item) => (
          <tr
            key={item.id}
            className={`border-l-8 max-lg:flex max-lg:flex-col max-lg:rounded-xl max-lg:py-3 max-lg:shadow-sm max-lg:ring-1 max-lg:ring-ink/10 lg:border-b lg:border-b-ink/10 ${statusStyles[item.status].row}`}
          >
            <Cell label="Applied" className="whitespace-nowrap max-lg:order-2">{item.applied}</Cell>
            <td className={`${cell} max-lg:order-1`}>
              {item.status === "archived" ? (
                <span className="font-semibold break-words">{item.name}</span>
              ) : (
                <Link to={applicantPath(item.id, list)} className="font-semibold break-words text-brass-dark underline max-lg:text-lg">
                  {item.name}
                </Link>
              )}
              {item.possibleDuplicate ? (
                <span className="mt-1 block">
                  <DuplicateBadge />
                </span>
              ) : null}
            </td>
            <td className={`${cell} max-lg:order-1`}>
              <span className="sr-only lg:hidden">Follow-up: </span>
              <StatusBadge status={item.status} label={item.statusLabel} />
            </td>
            <Cell label="Email" className="[overflow-wrap:anywhere] max-lg:order-3">
              <EmailAddress email={item.email} />
            </Cell>
            <Cell label="Mobile" className="whitespace-nowrap max-lg:order-3">
              <a href={`tel:${item.mobileE164}`} className="underline">
                {item.mobile}
              </a>
            </Cell>
            <Cell label="Role" className="max-lg:order-3">{item.role}</Cell>
            <Cell label="Position" className="max-lg:order-3">{item.position}</Cell>
            <Cell label="Email sent" className="max-lg:order-3">{item.emailSent}</Cell>
            <td className={`${cell} max-lg:order-4 max-lg:pt-2`}>
              {/* Archive, or Restore an archived applicant; while archiving, the button says so. */}
              <Form method="post">
                <input type="hidden" name="intent" value={item.status === "archived" ? "restore" : "archive"} />
                <input type="hidden" name="id" value={item.id} />
                <button
                  type="submit"
                  aria-label={`${item.status === "archived" ? "Restore" : "Archive"} ${item.name}`}
                  disabled={item.status !== "archived" && busyId === item.id}
                  className={`button button-outline min-h-10 py-1 text-sm${item.status === "archived" ? "" : " disabled:opacity-60"}`}
                >
                  {item.status === "archived" ? "Restore" : busyId === item.id ? "Archiving…" : "Archive"}
                </button>
              </Form>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
