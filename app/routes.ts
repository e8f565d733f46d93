import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// The route table, written by hand to mirror the spec's (section 2). Each
// public page's module names its address in its route facts (`handle.publicPages`,
// app/web/route-facts.ts), which the sitemap and the link check read.
// routes/markdown-page.tsx serves each page that is only its content/pages/*.md
// file, named by its address.
export default [
  index("routes/main.tsx", { id: "main" }),
  route("info", "routes/main.tsx", { id: "main-info" }),
  route("home", "routes/home.tsx", { id: "home" }),
  route("about", "routes/about.tsx", { id: "about" }),
  route("team", "routes/team.tsx", { id: "team" }),
  route("teaminfo", "routes/team.tsx", { id: "teaminfo" }),
  route("team/:slug", "routes/team-detail.tsx", { id: "team-detail" }),
  route("reviews", "routes/reviews.tsx", { id: "reviews" }),
  route("blog", "routes/blog-info.tsx", { id: "blog-info" }),
  route("blog/:slug", "routes/blog-post.tsx", { id: "blog-post" }),
  route("offers", "routes/offers.tsx", { id: "offers" }),
  route("offers/:slug", "routes/offer.tsx", { id: "offer" }),
  route("sms/:slug", "routes/offer.tsx", { id: "sms-offer" }),
  route("refer-a-friend", "routes/markdown-page.tsx", { id: "referrals" }),
  route("policies", "routes/markdown-page.tsx", { id: "policies" }),
  route("corona", "routes/markdown-page.tsx", { id: "corona" }),
  route("reopening", "routes/markdown-page.tsx", { id: "reopening" }),
  route("notices/:slug", "routes/team-notice.tsx", { id: "team-notice" }),
  route("new-prices", "routes/markdown-page.tsx", { id: "new-prices" }),
  route("your-gift", "routes/markdown-page.tsx", { id: "top-spender" }),
  route("ghd", "routes/markdown-page.tsx", { id: "ghd" }),
  route("jellybeans", "routes/markdown-page.tsx", { id: "jellybeans" }),
  route("bookings", "routes/bookings.tsx", { id: "bookings" }),
  route("link-tree", "routes/link-tree.tsx", { id: "link-tree" }),
  route("links", "routes/link-tree.tsx", { id: "links" }),
  route("online-shop", "routes/online-shop.tsx", { id: "online-shop" }),
  route("gift-voucher", "routes/gift-voucher.tsx", { id: "gift-voucher" }),
  route("sitemap.xml", "routes/sitemap-xml.ts", { id: "sitemap" }),
  route("robots.txt", "routes/robots-txt.ts", { id: "robots" }),
  route("joinus", "routes/joinus.tsx", { id: "joinus" }),
  route("models", "routes/models.tsx", { id: "models" }),
  route("contact", "routes/contact.tsx", { id: "contact" }),
  route("open-evening", "routes/interest-page.tsx", { id: "open-evening" }),
  route("feedback", "routes/interest-page.tsx", { id: "feedback" }),
  route("privacy", "routes/privacy.tsx", { id: "privacy" }),
  // What the stylist levels mean (linked from the calculator's level step).
  route("prices/levels", "routes/prices.levels.tsx", { id: "levels" }),
  // Every service by category with its price at each level and its time (the calculator's formula).
  route("prices/list", "routes/prices.list.tsx", { id: "price-list" }),
  // The price calculator: one layout loads the catalogue once for all its pages.
  layout("routes/prices-layout.tsx", { id: "prices-layout" }, [
    route("prices", "routes/prices.tsx", { id: "prices" }),
    route("prices/selector", "routes/prices.selector.tsx", { id: "selector" }),
    route("prices/calculator", "routes/prices.calculator.tsx", { id: "calculator" }),
    route("prices/total-by-price", "routes/prices.total-by-price.tsx", { id: "totals-by-price" }),
    route("prices/total-by-level", "routes/prices.total-by-level.tsx", { id: "totals-by-level" }),
    route("prices/total-by-stylist", "routes/prices.total-by-stylist.tsx", { id: "totals-by-stylist" }),
    route("prices/finish", "routes/prices.finish.tsx", { id: "finish" }),
    route("prices/finish/:status", "routes/prices.finish.status.tsx", { id: "finish-status" }),
    route("prices/:stylist", "routes/prices.stylist.tsx", { id: "stylist-prices" }),
  ]),
  route("quote/:link", "routes/quote.tsx", { id: "quote" }),
  // The booking button on a quote, counted for the owner's figures, then on to the booking site.
  route("go/book", "routes/go-book.ts", { id: "go-book" }),
  // A one-time sign-in link from `npm run staff -- reset NAME`: for someone not signed in, so outside the guard.
  route("staff/link/:token", "routes/staff-link.tsx", { id: "staff-sign-in-link" }),
  // The staff area: one layout whose middleware signs in, checks origin, role and
  // the write limit before any of these runs (app/web/staff-route.server.ts).
  layout("routes/staff-layout.tsx", { id: "staff-layout" }, [
    route("applicants", "routes/applicants.tsx", { id: "joinus-applicants" }),
    route("applicants/export", "routes/applicants.export.ts", { id: "applicants-export" }),
    route("applicant/:id", "routes/applicant.tsx", { id: "joinus-applicant" }),
    // The CV an applicant sent, as a download.
    route("applicant/:id/cv", "routes/applicant.cv.ts", { id: "applicant-cv" }),
    // The staff desk: what came in, the inboxes and the messages sent.
    route("staff", "routes/staff.tsx", { id: "staff-home" }),
    route("staff/outbox", "routes/staff-outbox.tsx", { id: "staff-outbox" }),
    // One message from that list, to read (its id, never a name, in the address).
    route("staff/outbox/:id", "routes/staff-outbox-message.tsx", { id: "staff-outbox-message" }),
    // Passkeys and devices: anyone's own; a manager sees and removes everyone's.
    route("staff/access", "routes/staff-access.tsx", { id: "staff-access" }),
    // Your own PIN and where you are signed in: every role.
    route("staff/account", "routes/staff-account.tsx", { id: "staff-account" }),
    route("staff/:kind", "routes/staff-inbox.tsx", { id: "staff-inbox" }),
    route("staff/:kind/export", "routes/staff-inbox.export.ts", { id: "staff-inbox-export" }),
    // Managers only (api-contract.md, "Roles"): reception gets 403 here.
    layout("routes/staff-managers.tsx", { id: "staff-managers" }, [
      route("applicant/:id/erase", "routes/applicant.erase.tsx", { id: "applicant-erase" }),
      route("staff/site", "routes/staff-site.tsx", { id: "staff-site" }),
      // Photos from a phone for a stylist, their work, a post, an offer or the home page.
      route("staff/studio/photos", "routes/staff-photos.tsx", { id: "staff-photos" }),
      route("staff/email-templates", "routes/staff-email-templates.tsx", { id: "staff-email-templates" }),
      route("staff/:kind/:id/erase", "routes/staff-inbox.erase.tsx", { id: "staff-inbox-erase" }),
      // Visit figures, and who asked for offers.
      route("staff/visits", "routes/staff-visits.tsx", { id: "staff-visits" }),
      route("staff/marketing", "routes/staff-marketing.tsx", { id: "staff-marketing" }),
      route("staff/marketing/export", "routes/staff-marketing.export.ts", { id: "staff-marketing-export" }),
      // The studio: the site's content, changed from the staff area, with its history.
      route("staff/studio/prices", "routes/staff-studio-prices.tsx", { id: "staff-studio-prices" }),
      route("staff/studio/team", "routes/staff-studio-team.tsx", { id: "staff-studio-team" }),
      route("staff/studio/posts", "routes/staff-studio-posts.tsx", { id: "staff-studio-posts" }),
      route("staff/studio/offers", "routes/staff-studio-offers.tsx", { id: "staff-studio-offers" }),
      route("staff/studio/history", "routes/staff-studio-history.tsx", { id: "staff-studio-history" }),
      route("staff/studio/salons", "routes/staff-studio-salons.tsx", { id: "staff-studio-salons" }),
      route("staff/studio/words", "routes/staff-studio-words.tsx", { id: "staff-studio-words" }),
      route("staff/studio/reviews", "routes/staff-studio-reviews.tsx", { id: "staff-studio-reviews" }),
    ]),
  ]),
  route("*", "routes/fallback.tsx"),
] satisfies RouteConfig;
