/**
 * The staff area: every staff page, action and export sits under this layout
 * (app/routes.ts), so its middleware guards them all before their own code
 * runs (app/web/staff-route.server.ts). Its loader hands the pages who is
 * signed in (components/staff/staff-frame.tsx reads it).
 */
import { Outlet } from "react-router";
import { UnsavedChangesDialogProvider } from "~/components/forms/unsaved-changes";
import { OfflineGuard } from "~/components/staff/offline-guard";
import type { StaffMemberView } from "~/modules/staff/refusals";
import { staffContext, staffGuard, staffResponses } from "~/web/staff-route.server";
import type { RouteFacts } from "~/web/route-facts";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [staffResponses, staffGuard];

/** The staff's tools are a React app that hydrates; every other page is a document (decision 0052). */
export const handle = { client: true } satisfies RouteFacts;

export function loader({ context }: Route.LoaderArgs): StaffMemberView {
  const { name, role } = context.get(staffContext);
  return { name, role };
}

/**
 * A page with unsaved changes asks before a link leaves it: the question is this layout's dialog; and nothing is
 * sent from a phone without signal, which would lose the page (decision 0071).
 */
export default function StaffLayout() {
  return (
    <UnsavedChangesDialogProvider>
      <Outlet />
      <OfflineGuard />
    </UnsavedChangesDialogProvider>
  );
}
