import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: { target: "es2022" },
  environments: {
    // The server bundle's entry is our Express app (server/app.ts), which imports
    // React Router's server build itself: one bundle holds the API and the pages.
    ssr: {
      build: { target: "node22", rollupOptions: { input: "./server/app.ts" } },
      resolve: {
        noExternal: [/^@react-email\//, /^date-fns/, /^@date-fns\//, "unified", /^remark-/, /^rehype-/, /^micromark/, /^mdast-/, /^hast-/, /^hastscript/, /^unist-/, /^vfile/, /^property-information/, /^space-separated/, /^comma-separated/, /^html-void/, /^zwitch/, /^trim-lines/, /^ccount/, /^character-/, /^decode-named/, /^devlop/, /^bail/, /^is-plain-obj/, /^trough/, /^extend$/, /^longest-streak/, /^markdown-table/, /^stringify-entities/, /^web-namespaces/, /^prismjs/, "zod", /^@conform-to\//],
      },
    },
  },
});
