import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// The route table, written by hand to mirror the spec's (section 2). Each
// public page's module names its address in its route facts (`handle.publicPages`,
// app/web/route-facts.ts), which the sitemap and the link check read.
// routes/public/markdown-page.tsx serves each page that is only its content/pages/*.md
// file, named by its address.
export default [
  index("routes/public/index.tsx", { id: "main" }),
  route("info", "routes/public/index.tsx", { id: "main-info" }),
  route("home", "routes/public/home.tsx", { id: "home" }),
  route("about", "routes/public/about.tsx", { id: "about" }),
  route("team", "routes/public/team.tsx", { id: "team" }),
  route("teaminfo", "routes/public/team.tsx", { id: "teaminfo" }),
  route("team/:slug", "routes/public/team.$slug.tsx", { id: "team-detail" }),
  route("reviews", "routes/public/reviews.tsx", { id: "reviews" }),
  route("blog", "routes/public/blog.tsx", { id: "blog-info" }),
  route("blog/:slug", "routes/public/blog.$slug.tsx", { id: "blog-post" }),
  route("offers", "routes/public/offers.tsx", { id: "offers" }),
  route("offers/:slug", "routes/public/offers.$slug.tsx", { id: "offer" }),
  route("sms/:slug", "routes/public/offers.$slug.tsx", { id: "sms-offer" }),
  route("refer-a-friend", "routes/public/markdown-page.tsx", { id: "referrals" }),
  route("policies", "routes/public/markdown-page.tsx", { id: "policies" }),
  route("corona", "routes/public/markdown-page.tsx", { id: "corona" }),
  route("reopening", "routes/public/markdown-page.tsx", { id: "reopening" }),
  route("notices/:slug", "routes/public/notices.$slug.tsx", { id: "team-notice" }),
  route("new-prices", "routes/public/markdown-page.tsx", { id: "new-prices" }),
  route("your-gift", "routes/public/markdown-page.tsx", { id: "top-spender" }),
  route("ghd", "routes/public/markdown-page.tsx", { id: "ghd" }),
  route("jellybeans", "routes/public/markdown-page.tsx", { id: "jellybeans" }),
  route("bookings", "routes/public/bookings.tsx", { id: "bookings" }),
  route("link-tree", "routes/public/link-tree.tsx", { id: "link-tree" }),
  route("links", "routes/public/link-tree.tsx", { id: "links" }),
  route("online-shop", "routes/public/online-shop.tsx", { id: "online-shop" }),
  route("gift-voucher", "routes/public/gift-voucher.tsx", { id: "gift-voucher" }),
  route("sitemap.xml", "routes/public/sitemap.xml.ts", { id: "sitemap" }),
  route("robots.txt", "routes/public/robots.txt.ts", { id: "robots" }),
  route("joinus", "routes/public/joinus.tsx", { id: "joinus" }),
  route("models", "routes/public/models.tsx", { id: "models" }),
  route("contact", "routes/public/contact.tsx", { id: "contact" }),
  route("open-evening", "routes/public/open-evening-and-feedback.tsx", { id: "open-evening" }),
  route("feedback", "routes/public/open-evening-and-feedback.tsx", { id: "feedback" }),
  route("privacy", "routes/public/privacy.tsx", { id: "privacy" }),
  // What the stylist levels mean (linked from the calculator's level step).
  route("prices/levels", "routes/public/prices.levels.tsx", { id: "levels" }),
  // Every service by category with its price at each level and its time (the calculator's formula).
  route("prices/list", "routes/public/prices.list.tsx", { id: "price-list" }),
  // The price calculator: one layout loads the catalogue once for all its pages.
  layout("routes/public/prices-layout.tsx", { id: "prices-layout" }, [
    route("prices", "routes/public/prices.tsx", { id: "prices" }),
    route("prices/selector", "routes/public/prices.selector.tsx", { id: "selector" }),
    route("prices/calculator", "routes/public/prices.calculator.tsx", { id: "calculator" }),
    route("prices/total-by-price", "routes/public/prices.total-by-price.tsx", { id: "totals-by-price" }),
    route("prices/total-by-level", "routes/public/prices.total-by-level.tsx", { id: "totals-by-level" }),
    route("prices/total-by-stylist", "routes/public/prices.total-by-stylist.tsx", { id: "totals-by-stylist" }),
    route("prices/finish", "routes/public/prices.finish.tsx", { id: "finish" }),
    route("prices/finish/:status", "routes/public/prices.finish.$status.tsx", { id: "finish-status" }),
    route("prices/:stylist", "routes/public/prices.$stylist.tsx", { id: "stylist-prices" }),
  ]),
  route("quote/:link", "routes/public/quote.$link.tsx", { id: "quote" }),
  // The booking button on a quote, counted for the owner's figures, then on to the booking site.
  route("go/book", "routes/public/go.book.ts", { id: "go-book" }),
  // A one-time sign-in link from `npm run staff -- reset NAME`: for someone not signed in, so outside the guard.
  route("staff/link/:token", "routes/staff/staff.link.$token.tsx", { id: "staff-sign-in-link" }),
  // The staff area: one layout whose middleware signs in, checks origin, role and
  // the write limit before any of these runs (app/web/staff-route.server.ts).
  layout("routes/staff/layout.tsx", { id: "staff-layout" }, [
    route("applicants", "routes/staff/applicants.tsx", { id: "joinus-applicants" }),
    route("applicants/export", "routes/staff/applicants.export.ts", { id: "applicants-export" }),
    route("applicant/:id", "routes/staff/applicant.$id.tsx", { id: "joinus-applicant" }),
    // The CV an applicant sent, as a download.
    route("applicant/:id/cv", "routes/staff/applicant.$id.cv.ts", { id: "applicant-cv" }),
    // The staff desk: what came in, the inboxes and the messages sent.
    route("staff", "routes/staff/staff.tsx", { id: "staff-home" }),
    route("staff/outbox", "routes/staff/staff.outbox.tsx", { id: "staff-outbox" }),
    // One message from that list, to read (its id, never a name, in the address).
    route("staff/outbox/:id", "routes/staff/staff.outbox.$id.tsx", { id: "staff-outbox-message" }),
    // Passkeys and devices: anyone's own; a manager sees and removes everyone's.
    route("staff/access", "routes/staff/staff.access.tsx", { id: "staff-access" }),
    // Your own PIN and where you are signed in: every role.
    route("staff/account", "routes/staff/staff.account.tsx", { id: "staff-account" }),
    route("staff/:kind", "routes/staff/staff.$kind.tsx", { id: "staff-inbox" }),
    route("staff/:kind/export", "routes/staff/staff.$kind.export.ts", { id: "staff-inbox-export" }),
    // Managers only (api-contract.md, "Roles"): reception gets 403 here.
    layout("routes/staff/managers-layout.tsx", { id: "staff-managers" }, [
      route("applicant/:id/erase", "routes/staff/applicant.$id.erase.tsx", { id: "applicant-erase" }),
      route("staff/site", "routes/staff/staff.site.tsx", { id: "staff-site" }),
      // Photos from a phone for a stylist, their work, a post, an offer or the home page.
      route("staff/studio/photos", "routes/staff/staff.studio.photos.tsx", { id: "staff-photos" }),
      route("staff/email-templates", "routes/staff/staff.email-templates.tsx", { id: "staff-email-templates" }),
      route("staff/:kind/:id/erase", "routes/staff/staff.$kind.$id.erase.tsx", { id: "staff-inbox-erase" }),
      // Visit figures, and who asked for offers.
      route("staff/visits", "routes/staff/staff.visits.tsx", { id: "staff-visits" }),
      route("staff/marketing", "routes/staff/staff.marketing.tsx", { id: "staff-marketing" }),
      route("staff/marketing/export", "routes/staff/staff.marketing.export.ts", { id: "staff-marketing-export" }),
      // The studio: the site's content, changed from the staff area, with its history.
      route("staff/studio/prices", "routes/staff/staff.studio.prices.tsx", { id: "staff-studio-prices" }),
      route("staff/studio/team", "routes/staff/staff.studio.team.tsx", { id: "staff-studio-team" }),
      route("staff/studio/posts", "routes/staff/staff.studio.posts.tsx", { id: "staff-studio-posts" }),
      route("staff/studio/offers", "routes/staff/staff.studio.offers.tsx", { id: "staff-studio-offers" }),
      route("staff/studio/history", "routes/staff/staff.studio.history.tsx", { id: "staff-studio-history" }),
      route("staff/studio/salons", "routes/staff/staff.studio.salons.tsx", { id: "staff-studio-salons" }),
      route("staff/studio/words", "routes/staff/staff.studio.words.tsx", { id: "staff-studio-words" }),
      route("staff/studio/reviews", "routes/staff/staff.studio.reviews.tsx", { id: "staff-studio-reviews" }),
    ]),
  ]),
  route("*", "routes/public/fallback.tsx"),
] satisfies RouteConfig;
