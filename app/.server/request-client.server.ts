/**
 * The client of the request being served, as every per-client limit counts it
 * (./client-network.ts: an IPv6 client by its /64, an IPv4 one by its address).
 * `clientOf` is the one place a request's client key is made: forms, quotes,
 * the outbox's per-client share, sign-in by address and the staff request
 * limit all take it from here (lint refuses `req.ip` elsewhere). The key also
 * travels with the request's work for code far below it that must count per
 * client without every caller passing it along (the outbox's share of the
 * message budget): set once per request in server/create-app.ts; undefined
 * outside a request (the CLI, the worker).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { clientNetwork, UNKNOWN_CLIENT } from "./client-network";

/** The client key of an Express request (its `ip`, as "trust proxy" decided it). */
export function clientOf(request: { ip?: string | undefined }): string {
  // eslint-disable-next-line no-restricted-syntax -- the one place the address is read
  return clientNetwork(request.ip ?? UNKNOWN_CLIENT);
}

const storage = new AsyncLocalStorage<string>();

export function runWithClient<T>(client: string, fn: () => T): T {
  return storage.run(client, fn);
}

export function currentClient(): string | undefined {
  return storage.getStore();
}
