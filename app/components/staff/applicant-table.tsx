/**
 * The applicant list: a table on wide screens, a stack of cards on phones
 * and tablets (no sideways scrolling). A native table, with no ARIA roles
 * laid over it; every row says its state in words.
 */
import { Form, Link } from "react-router";
import { ColumnHeads } from "~/components/page";
import type { ApplicantListItem } from "~/modules/applicants/list-items";
import { DuplicateBadge, StatusBadge, statusStyles } from "./status-badge";

const columns = ["Date", "Name", "Follow-up", "Email", "Mobile", "Role", "Position", "Email Sent", "Archive"] as const;

/** On a phone each cell says what it is; on a wide screen the column header does. */
function CellLabel({ children }: { children: string }) {
  return <span className="font-semibold lg:hidden">{children}: </span>;
}

const cell = "px-3 py-1 lg:py-3 lg:align-top";

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
            <td className={`${cell} whitespace-nowrap max-lg:order-2`}>
              <CellLabel>Applied</CellLabel>
              {item.applied}
            </td>
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
            <td className={`${cell} [overflow-wrap:anywhere] max-lg:order-3`}>
              <CellLabel>Email</CellLabel>
              <EmailAddress email={item.email} />
            </td>
            <td className={`${cell} whitespace-nowrap max-lg:order-3`}>
              <CellLabel>Mobile</CellLabel>
              <a href={`tel:${item.mobileE164}`} className="underline">
                {item.mobile}
              </a>
            </td>
            <td className={`${cell} max-lg:order-3`}>
              <CellLabel>Role</CellLabel>
              {item.role}
            </td>
            <td className={`${cell} max-lg:order-3`}>
              <CellLabel>Position</CellLabel>
              {item.position}
            </td>
            <td className={`${cell} max-lg:order-3`}>
              <CellLabel>Email sent</CellLabel>
              {item.emailSent}
            </td>
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
