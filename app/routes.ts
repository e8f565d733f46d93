import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// The route table, written by hand to mirror the spec's (section 2).
export default [
  index("routes/main.tsx", { id: "main" }),
  route("info", "routes/main.tsx", { id: "main-info" }),
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
  route("*", "routes/fallback.tsx"),
] satisfies RouteConfig;
