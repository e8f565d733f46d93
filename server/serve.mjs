// Runs an Express app on PORT and shuts it down gently: on SIGTERM or SIGINT
// it stops taking connections, lets requests in flight finish, then closes the database.
import http from "node:http";

/**
 * @param {{ app: import("express").Express, services: { config: { port: number, host: string }, logger: any, close(): Promise<void> }, onClose?: () => Promise<void> }} options
 */
export function serve({ app, services, onClose }) {
  const { config, logger } = services;
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    logger.info({ port }, `Base Hair Academy is ready on http://localhost:${port}`);
  });

  // Anything that escapes every handler is logged with its stack, so a crash is never silent.
  process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled promise rejection"));
  process.on("uncaughtException", (error) => {
    logger.fatal({ err: error }, "uncaught exception: stopping");
    process.exit(1);
  });

  let closing = false;
  const shutdown = (signal) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down: finishing requests in flight");
    const force = setTimeout(() => {
      logger.warn("requests still open after 10s: closing them");
      server.closeAllConnections();
    }, 10_000);
    force.unref();
    server.close(async () => {
      try {
        await onClose?.();
        await services.close();
        logger.info("stopped cleanly");
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, "error while stopping");
        process.exit(1);
      }
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  return server;
}
