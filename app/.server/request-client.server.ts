/**
 * The client address of the request being served, for code far below the
 * request that must count per client without every caller passing it along:
 * the outbox's per-client share of the message budget. Set once per request
 * in server/create-app.ts; undefined outside a request (the CLI, the worker).
 */
import { AsyncLocalStorage } from "node:async_hooks";

const storage = new AsyncLocalStorage<string>();

export function runWithClient<T>(client: string, fn: () => T): T {
  return storage.run(client, fn);
}

export function currentClient(): string | undefined {
  return storage.getStore();
}
