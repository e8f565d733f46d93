import { redirect } from "react-router";
import { pageContext } from "~/web/page-context.server";
import type { Route } from "./+types/gift-voucher";
import { contentPageAt } from "~/web/route-facts";
export const handle = contentPageAt({ "/gift-voucher": { redirect: true } });

/** Renders nothing: gift cards are sold by the booking provider, so the visitor goes straight there. */
export function loader({ context }: Route.LoaderArgs) {
  return redirect(pageContext(context).settings.links.giftCards, 302);
}

export default function GiftVoucher() {
  return null;
}
