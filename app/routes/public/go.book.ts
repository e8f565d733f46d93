/**
 * /go/book?from=quote&salon=N[&stylist=S]&view=K: a quote's booking button goes through
 * the site so the owner can see how many quotes lead to a booking (the
 * funnel's last step, decision 0031), then on to that salon's booking site
 * (the quote's salon: content/salons.yaml; the academy's without one; the
 * quote's stylist's own booking link when they have one at that salon).
 * Counted at most once per view of the quote's page (`view`, its page's view
 * key: decision 0051): the same link followed again, a link with no view or
 * an unknown one, a robot's or a prefetch are sent on without counting.
 * Nothing about the visitor is read or kept, and nothing personal is in the
 * address.
 */
import { redirect } from "react-router";
import { findSalonBooking } from "~/modules/catalogue/catalogue.server";
import { bookingIdParam } from "~/modules/site/public-settings";
import { BOOKING_LINK_SOURCES, isRobot } from "~/modules/visits/visit-rules";
import { servicesContext } from "~/web/context";
import type { Route } from "./+types/go.book";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, settings, visits } = context.get(servicesContext);
  const query = new URL(request.url).searchParams;
  const from = query.get("from");
  const [salonId, stylistId] = [bookingIdParam(query.get("salon")), bookingIdParam(query.get("stylist"))];
  const salon = salonId === undefined ? undefined : await findSalonBooking(db, salonId, stylistId);
  const prefetch = /prefetch/.test(request.headers.get("sec-purpose") ?? request.headers.get("purpose") ?? "");
  if ((BOOKING_LINK_SOURCES as readonly (string | null)[]).includes(from) && !prefetch && !isRobot(request.headers.get("user-agent"))) {
    visits.bookingClick(query.get("view"));
  }
  return redirect(salon?.url ?? settings.links.booking, { status: 302, headers: { "Cache-Control": "no-store" } });
}
