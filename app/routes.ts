import { index, route, type RouteConfig } from "@react-router/dev/routes";

// The route table, written by hand to mirror the spec's (section 2).
export default [
  index("routes/main.tsx", { id: "main" }),
  route("info", "routes/main.tsx", { id: "main-info" }),
  route("joinus", "routes/joinus.tsx"),
  route("models", "routes/models.tsx"),
  route("contact", "routes/contact.tsx"),
  route("open-evening", "routes/interest-page.tsx", { id: "open-evening" }),
  route("feedback", "routes/interest-page.tsx", { id: "feedback" }),
  route("privacy", "routes/privacy.tsx"),
  route("*", "routes/fallback.tsx"),
] satisfies RouteConfig;
