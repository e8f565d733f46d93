import { index, route, type RouteConfig } from "@react-router/dev/routes";

// The route table, written by hand to mirror the spec's (section 2).
export default [
  index("routes/main.tsx", { id: "main" }),
  route("info", "routes/main.tsx", { id: "main-info" }),
  route("*", "routes/fallback.tsx"),
] satisfies RouteConfig;
