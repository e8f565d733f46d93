/**
 * /go/book?from=quote&salon=N&view=K: a quote's booking button goes through
 * the site so the owner can see how many quotes lead to a booking (the
 * funnel's last step, decision 0031), then on to that salon's booking site
 * (the quote's salon: content/salons.yaml; the academy's without one).
 * Counted at most once per view of the quote's page (`view`, its page's view
 * key: decision 0051): the same link followed again, a link with no view or
 * an unknown one, a robot's or a prefetch are sent on without counting.
 * Nothing about the visitor is read or kept, and nothing personal is in the
 * address.
 */
import { redirect } from "react-router";
import { findSalonBooking } from "~/modules/catalogue/catalogue.server";
import { BOOKING_LINK_SOURCES, isRobot } from "~/modules/visits/visit-rules";
import { servicesContext } from "~/web/context";
import type { Route } from "./+types/go-book";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, settings, visits } = context.get(servicesContext);
  const query = new URL(request.url).searchParams;
  const from = query.get("from");
  const salonId = query.get("salon");
  const salon = salonId && /^\d{1,6}$/.test(salonId) ? await findSalonBooking(db, Number(salonId)) : undefined;
  const prefetch = /prefetch/.test(request.headers.get("sec-purpose") ?? request.headers.get("purpose") ?? "");
  if ((BOOKING_LINK_SOURCES as readonly (string | null)[]).includes(from) && !prefetch && !isRobot(request.headers.get("user-agent"))) {
    visits.bookingClick(query.get("view"));
  }
  return redirect(salon?.url ?? settings.links.booking, { status: 302, headers: { "Cache-Control": "no-store" } });
}
