/**
 * Requests as an attacker's tool sends them, which fetch will not: any method
 * (TRACE included), chunked bodies of any size, bytes that are not UTF-8,
 * paths that are not percent-encoded properly.
 */
import http from "node:http";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent with Content-Length. */
  body?: Buffer | string;
  /** Sent chunked (no Content-Length): `count` chunks of `chunk`, as fast as the server takes them. */
  chunked?: { chunk: Buffer | string; count: number };
}

/**
 * Sends one request, on its own connection unless `agent` keeps connections alive;
 * a server that closes early still gives its answer. With a keep-alive agent, a
 * request that met a connection the server had just closed is sent again once on
 * a new one (Node's advice for `reusedSocket`).
 */
export async function rawRequest(base: string, request: RawRequest, agent?: http.Agent): Promise<RawResponse> {
  try {
    return await sendOnce(base, request, agent);
  } catch (error) {
    if (agent && (error as { reusedSocket?: boolean }).reusedSocket) return sendOnce(base, request, undefined);
    throw error;
  }
}

function sendOnce(base: string, request: RawRequest, agent: http.Agent | undefined): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...(agent ? {} : { connection: "close" }), ...request.headers };
    if (request.body !== undefined) headers["content-length"] = String(Buffer.byteLength(request.body));
    if (request.chunked) headers["transfer-encoding"] = "chunked";
    let answered = false;
    const req = http.request({ host: url.hostname, port: url.port, method: request.method ?? "GET", path: request.path, headers, agent }, (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      res.on("error", reject);
    });
    // The server may answer and close before the whole body is sent: that is the point of a limit.
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    // Closed with no answer at all: say so rather than wait for ever.
    req.on("close", () => {
      if (!answered) reject(Object.assign(new Error(`${request.method ?? "GET"} ${request.path}: the connection closed without an answer`), { reusedSocket: req.reusedSocket }));
    });
    if (request.chunked) {
      const { chunk, count } = request.chunked;
      let sent = 0;
      const pump = () => {
        while (sent < count && !req.destroyed) {
          sent++;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        req.end();
      };
      pump();
    } else {
      req.end(request.body);
    }
  });
}
