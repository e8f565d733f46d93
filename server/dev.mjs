// `npm run dev`: the site with hot reload. Vite serves the browser code and
// reloads server modules as they change; the database and content are loaded once.
import { createServer } from "vite";
import { serve } from "./serve.mjs";

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const load = () => vite.ssrLoadModule("/server/dev-entry.ts");

const first = await load();
const config = first.loadConfig();
const services = await first.startServices(config);

let current = { module: undefined, app: undefined };
const app = (req, res, next) => {
  load()
    .then((module) => {
      // Rebuild the Express app only when a server module changed.
      if (current.module !== module) current = { module, app: module.createDevApp(services, vite.middlewares) };
      current.app(req, res, next);
    })
    .catch((error) => {
      vite.ssrFixStacktrace(error);
      next(error);
    });
};

serve({ app, services, onClose: () => vite.close() });
