/** The navigation bar's entries, in the spec's order. */
export interface NavLink {
  label: string;
  to: string;
  /** Hidden while the salon has no offers. */
  offers?: boolean;
}

export const primaryLinks: NavLink[] = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about" },
  { label: "Prices", to: "/prices" },
  { label: "Referrals", to: "/refer-a-friend" },
  { label: "Offers", to: "/offers", offers: true },
];

export const moreLinks: NavLink[] = [
  { label: "Price list", to: "/prices/list" },
  { label: "Policies", to: "/policies" },
  { label: "Online shop", to: "/online-shop" },
  { label: "Team", to: "/team" },
  { label: "Blog", to: "/blog" },
  { label: "Join us", to: "/joinus" },
  { label: "Models", to: "/models" },
];

/** A button beside the desktop bar; on a phone, the last entry of the menu. */
export const contactLink: NavLink = { label: "Contact us", to: "/contact" };

/** Pages shown without the navigation bar (the link tree stands alone). */
export const barePaths = new Set(["/link-tree", "/links"]);
