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
    ssr: { build: { target: "node22", rollupOptions: { input: "./server/app.ts" } } },
  },
});
