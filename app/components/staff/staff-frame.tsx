/** Every signed-in staff page: who is signed in, a sign-out button, then the page. */
import type { ReactNode } from "react";
import { Form, href, Link, useLocation, useRouteLoaderData, useSubmit } from "react-router";
import { useAskBeforeLeaving } from "~/components/forms/unsaved-changes";
import { OpenFoldsFirst } from "./fold";
import type { StaffMemberView } from "~/modules/staff/refusals";
import { mayAct, roleLabels, type StaffRole } from "~/modules/staff/roles";

/** The signed-in staff member, from the staff layout's loader (routes/staff/layout.tsx). */
export function useStaff(): StaffMemberView {
  const staff = useRouteLoaderData<StaffMemberView>("staff-layout");
  if (!staff) throw new Error("useStaff is for pages under the staff layout");
  return staff;
}

/** Whether the signed-in person may do what needs `role`: pages hide what they cannot do. */
export function useMayAct(role: StaffRole): boolean {
  return mayAct(useStaff().role, role);
}

const sections: { to: string; label: string; manager?: boolean }[] = [
  { to: href("/staff"), label: "Desk" },
  { to: href("/applicants"), label: "Applicants" },
  { to: href("/staff/outbox"), label: "Messages sent" },
  { to: href("/staff/studio/prices"), label: "Studio", manager: true },
  { to: href("/staff/email-templates"), label: "Email wording", manager: true },
  { to: href("/staff/site"), label: "Site switches", manager: true },
  { to: href("/staff/visits"), label: "Visits", manager: true },
  { to: href("/staff/marketing"), label: "Offers consents", manager: true },
  { to: href("/staff/access"), label: "Passkeys" },
  { to: href("/staff/account"), label: "Your PIN" },
];

/** The studio's own sections (managers only), in a second row on its pages: the site's content, what a salon changes. */
const studioSections: { to: string; label: string }[] = [
  { to: href("/staff/studio/prices"), label: "Price list" },
  { to: href("/staff/studio/team"), label: "Team" },
  { to: href("/staff/studio/posts"), label: "Posts" },
  { to: href("/staff/studio/offers"), label: "Offers" },
  { to: href("/staff/studio/photos"), label: "Photos" },
  { to: href("/staff/studio/salons"), label: "Salons and hours" },
  { to: href("/staff/studio/words"), label: "Words" },
  { to: href("/staff/studio/reviews"), label: "Reviews" },
  { to: href("/staff/studio/history"), label: "History" },
];
const STUDIO = "/staff/studio/";

function NavLinks({
  label,
  links,
  current,
  className = "flex flex-wrap",
}: {
  label: string;
  links: { to: string; label: string }[];
  current: (to: string) => boolean;
  className?: string;
}) {
  return (
    <nav aria-label={label} className="mx-auto max-w-6xl px-2">
      <ul className={className}>
        {links.map((s) => (
          <li key={s.to} className="shrink-0">
            <Link
              to={s.to}
              aria-current={current(s.to) ? "page" : undefined}
              className="inline-flex min-h-11 items-center px-2 text-sm font-semibold underline-offset-4 hover:underline aria-[current=page]:underline"
            >
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SignOut() {
  const askBeforeLeaving = useAskBeforeLeaving();
  const submit = useSubmit();
  return (
    <Form
      method="post"
      // Signing out leaves the page: an unsaved edit on it asks first, as a link would.
      onSubmit={(event) => {
        const form = event.currentTarget;
        if (askBeforeLeaving(() => void submit(form))) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="sign-out" />
      <button type="submit" className="button min-h-10 border-2 border-chalk py-1 text-sm text-chalk hover:bg-chalk hover:text-ink">
        Sign out
      </button>
    </Form>
  );
}

/**
 * The desk's own header: its sections, who is signed in, and sign out; on the studio's pages, the studio's sections too.
 * Below 1024 px the sections fold behind "Menu", beside who is signed in and "Sign out", one row high, so a phone shows the page's title
 * in its first screen (decision 0071); the studio's sections stay one row that scrolls sideways.
 */
function StaffHeader({ staff }: { staff: StaffMemberView }) {
  const { pathname } = useLocation();
  const shown = sections.filter((s) => !s.manager || mayAct(staff.role, "manager"));
  const inStudio = pathname.startsWith(STUDIO);
  const current = (to: string) => pathname === to || (inStudio && to.startsWith(STUDIO));
  return (
    <header className="relative border-b border-ink/10 bg-ink text-chalk">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-1 lg:py-2">
        <p className="mr-auto hidden font-display text-lg font-semibold sm:block">Staff desk</p>
        <div className="mr-auto sm:mr-0">
          <p className="text-sm">
            Signed in as <strong className="font-semibold">{staff.name}</strong>
            {staff.role === "manager" ? null : <span>{` (${roleLabels[staff.role]})`}</span>}
          </p>
        </div>
        {/* In reach at every width: on a salon's shared tablet, signing out is one tap. */}
        <SignOut />
        {/* Keyed by the page: a link followed from the menu lands with it shut. */}
        <details key={pathname} className="group lg:hidden">
          <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg px-2 font-semibold [&::-webkit-details-marker]:hidden">
            Menu
            <span aria-hidden="true" className="inline-block group-open:rotate-180">
              ▾
            </span>
          </summary>
          {/* Not drawn at all while shut: a shut <details> still lays its content out for measuring. */}
          <div className="absolute inset-x-0 top-full z-30 hidden border-t border-chalk/20 bg-ink pb-4 shadow-lg group-open:block">
            <NavLinks label="Staff" links={shown} current={current} className="grid grid-cols-2 sm:grid-cols-3" />
          </div>
        </details>
      </div>
      <div className="hidden lg:block">
        <NavLinks label="Staff" links={shown} current={current} />
      </div>
      {inStudio && mayAct(staff.role, "manager") ? (
        <div className="border-t border-chalk/20 bg-ink/90">
          <NavLinks label="Studio" links={studioSections} current={(to) => pathname === to} className="flex overflow-x-auto lg:flex-wrap lg:overflow-visible" />
        </div>
      ) : null}
    </header>
  );
}

export function StaffFrame({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  const staff = useStaff();
  return (
    <>
      <StaffHeader staff={staff} />
      <div className="bg-blush/60">
        <div className="mx-auto max-w-6xl px-4 pt-8 pb-6 sm:pt-10">
          <p className="text-sm font-semibold tracking-[0.2em] text-brass-dark uppercase">Staff</p>
          <h1 className="mt-1 text-3xl break-words sm:text-4xl">{title}</h1>
          {lead ? <div className="mt-2 max-w-2xl">{lead}</div> : null}
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 py-8">{children}</div>
      <OpenFoldsFirst />
    </>
  );
}
