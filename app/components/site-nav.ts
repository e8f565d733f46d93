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
  { label: "Policies", to: "/policies" },
  { label: "Online Shop", to: "/online-shop" },
  { label: "Team", to: "/team" },
  { label: "Blog", to: "/blog" },
  { label: "Join Us", to: "/joinus" },
  { label: "Models", to: "/models" },
];

/** Pages shown without the navigation bar (the link tree stands alone). */
export const barePaths = new Set(["/link-tree", "/links"]);
