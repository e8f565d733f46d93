import { href } from "react-router";
/** The navigation bar's entries, in the spec's order. */
export interface NavLink {
  label: string;
  to: string;
  /** Hidden while the salon has no offers. */
  offers?: boolean;
}

export const primaryLinks: NavLink[] = [
  { label: "Home", to: href("/") },
  { label: "About", to: href("/about") },
  { label: "Prices", to: href("/prices") },
  { label: "Referrals", to: href("/refer-a-friend") },
  { label: "Offers", to: href("/offers"), offers: true },
];

export const moreLinks: NavLink[] = [
  { label: "Price list", to: href("/prices/list") },
  { label: "Policies", to: href("/policies") },
  { label: "Online shop", to: href("/online-shop") },
  { label: "Team", to: href("/team") },
  { label: "Blog", to: href("/blog") },
  { label: "Join us", to: href("/joinus") },
  { label: "Models", to: href("/models") },
];

/** A button beside the desktop bar; on a phone, the last entry of the menu. */
export const contactLink: NavLink = { label: "Contact us", to: href("/contact") };

/** Pages shown without the navigation bar (the link tree stands alone). */
export const barePaths = new Set(["/link-tree", "/links"]);
