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
  // Requests Express never sees still get an answer in the API's error shape: CONNECT (Node hands it to
  // this event, and without a listener drops the connection unanswered) and requests Node cannot parse.
  server.on("connect", (req, socket) => {
    answerRaw(socket, 405, "Method Not Allowed", "That method is not allowed here.", { Allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" });
  });
  server.on("clientError", (error, socket) => {
    if (error.code === "ECONNRESET" || !socket.writable) return socket.destroy();
    if (error.code === "HPE_HEADER_OVERFLOW") return answerRaw(socket, 431, "Request Header Fields Too Large", "The request's headers are too large.");
    if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") return answerRaw(socket, 408, "Request Timeout", "The request took too long to arrive.");
    answerRaw(socket, 400, "Bad Request", "That request could not be read.");
  });
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
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => shutdown(signal));
  return server;
}

/**
 * Writes a whole response on a socket Express never had, in the API's error shape, and closes it.
 * @param {import("node:stream").Duplex} socket
 * @param {number} status
 * @param {string} reason
 * @param {string} message
 * @param {Record<string, string>} [headers]
 */
function answerRaw(socket, status, reason, message, headers = {}) {
  const body = JSON.stringify({ error: message });
  const lines = Object.entries({
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    "Cache-Control": "no-store",
    Connection: "close",
    ...headers,
  }).map(([name, value]) => `${name}: ${value}`);
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${lines.join("\r\n")}\r\n\r\n${body}`);
}
