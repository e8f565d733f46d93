/**
 * /go/book?from=quote: the quote page's booking button goes through the site
 * so the owner can see how many quotes lead to a booking (the funnel's last
 * step, decision 0031), then on to the booking site. Counted once per click by
 * a person's browser; robots are sent on without counting. Nothing about the
 * visitor is read or kept, and nothing personal is in the address.
 */
import { redirect } from "react-router";
import { BOOKING_LINK_SOURCES, isRobot } from "~/modules/visits/visit-rules";
import { servicesContext } from "~/web/context";
import type { Route } from "./+types/go-book";

export function loader({ request, context }: Route.LoaderArgs) {
  const { settings, visits } = context.get(servicesContext);
  const from = new URL(request.url).searchParams.get("from");
  const prefetch = /prefetch/.test(request.headers.get("sec-purpose") ?? request.headers.get("purpose") ?? "");
  if ((BOOKING_LINK_SOURCES as readonly (string | null)[]).includes(from) && !prefetch && !isRobot(request.headers.get("user-agent"))) {
    visits.funnel("booking_clicks");
  }
  return redirect(settings.links.booking, { status: 302, headers: { "Cache-Control": "no-store" } });
}
