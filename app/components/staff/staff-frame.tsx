/** Every signed-in staff page: who is signed in, a sign-out button, then the page. */
import type { ReactNode } from "react";
import { Form, Link, useRouteLoaderData } from "react-router";
import type { StaffMemberView } from "~/modules/staff/refusals";
import { mayAct, roleLabels, type StaffRole } from "~/modules/staff/roles";

/** The signed-in staff member, from the staff layout's loader (routes/staff-layout.tsx). */
export function useStaff(): StaffMemberView {
  const staff = useRouteLoaderData<StaffMemberView>("staff-layout");
  if (!staff) throw new Error("useStaff is for pages under the staff layout");
  return staff;
}

/** Whether the signed-in person may do what needs `role`: pages hide what they cannot do. */
export function useMayAct(role: StaffRole): boolean {
  return mayAct(useStaff().role, role);
}

export function StaffFrame({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  const staff = useStaff();
  return (
    <>
      <div className="border-b border-ink/10 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-2">
          <p>
            Signed in as <strong className="font-semibold">{staff.name}</strong>
            {staff.role === "manager" ? null : <span className="text-sm">{` (${roleLabels[staff.role]})`}</span>}
            <span aria-hidden="true"> · </span>
            <Link to="/staff" className="inline-flex min-h-11 items-center font-semibold text-brass-dark underline">
              Staff home
            </Link>
            <span aria-hidden="true"> · </span>
            <Link to="/staff/access" className="inline-flex min-h-11 items-center font-semibold text-brass-dark underline">
              Passkeys
            </Link>
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="sign-out" />
            <button type="submit" className="button button-outline min-h-10 py-1 text-sm">
              Sign out
            </button>
          </Form>
        </div>
      </div>
      <header className="bg-blush/60">
        <div className="mx-auto max-w-6xl px-4 pt-8 pb-6 sm:pt-10">
          <p className="text-sm font-semibold tracking-[0.2em] text-brass-dark uppercase">Staff</p>
          <h1 className="mt-1 text-3xl break-words sm:text-4xl">{title}</h1>
          {lead ? <div className="mt-2 max-w-2xl">{lead}</div> : null}
        </div>
      </header>
      <div className="mx-auto max-w-6xl px-4 py-8">{children}</div>
    </>
  );
}
