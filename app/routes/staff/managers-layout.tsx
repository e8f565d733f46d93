/**
 * What only a manager may do (api-contract.md, "Roles"): erasing, the site
 * switches. A route placed under this layout (app/routes.ts) answers 403 to
 * reception before its own loader or action runs.
 */
import { Outlet } from "react-router";
import { roleGuard } from "~/web/staff-route.server";
import type { Route } from "./+types/managers-layout";

export const middleware: Route.MiddlewareFunction[] = [roleGuard("manager")];

export default function ManagersOnly() {
  return <Outlet />;
}
