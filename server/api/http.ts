import { clientOf } from "~/.server/request-client.server";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { CONTROL_CHARACTERS_SUMMARY, controlCharacterFields, recordIdFrom } from "~/modules/fields/form-fields";
import type { AppServices } from "~/web/services";
import { limitPublicWrite, RATE_LIMITED_MESSAGE } from "~/web/rate-limit.server";

/** The contract's one error shape. */
export function sendError(res: Response, status: number, error: string, fields?: Record<string, string>): void {
  res.removeHeader("Cache-Control"); // an error is never to be kept by a cache
  res.status(status).json(fields ? { error, fields } : { error });
}

/**
 * The JSON body reader's own rule, before any route reads the body: a string
 * anywhere in it (a field's value, nested or not, or a field's name) that
 * holds a control character other than tab and line breaks is 400, with the
 * control-character message on each field that holds one. One rule for every
 * route, so no NUL ever reaches a query (PostgreSQL refuses it with an error).
 */
export const cleanJsonBody: RequestHandler = (req, res, next) => {
  const body: unknown = req.body;
  if (body === undefined || body === null || !req.is("application/json")) return next();
  const entries = typeof body === "object" && !Array.isArray(body) ? Object.entries(body) : [["form", body] as const];
  const fields = controlCharacterFields(entries);
  if (Object.keys(fields).length > 0) return sendError(res, 400, CONTROL_CHARACTERS_SUMMARY, fields);
  next();
};

/** Middleware that sets one header on every answer that passes through it. */
export function withHeader(name: string, value: string): RequestHandler {
  return (_req, res, next) => {
    res.set(name, value);
    next();
  };
}

/** Wraps an async handler so a rejected promise reaches the error middleware. */
export function handle(fn: (req: Request, res: Response) => Promise<void>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    fn(req, res).catch(next);
  };
}

/** The handler of a call answered with the JSON of what `read` gives (200). */
export function replyJson(read: (res: Response) => Promise<unknown>): RequestHandler {
  return handle(async (_req, res) => void res.json(await read(res)));
}

/** The JSON body as an object: anything else (none, an array, a bare value) reads as no fields. */
export function bodyOf(req: Request): Record<string, unknown> {
  return req.body && typeof req.body === "object" && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
}

/** A route parameter as one string (Express types wildcard parameters as arrays). */
export function param(req: Request, name: string): string {
  const value = req.params[name] as string | string[] | undefined;
  return Array.isArray(value) ? value.join("/") : (value ?? "");
}

/** The record's id from the path's `:id` (recordIdFrom: digits only), or undefined (a 404). */
export function idFrom(req: Request): number | undefined {
  return recordIdFrom(param(req, "id"));
}

/**
 * The public-write rate limit (app/web/rate-limit.server.ts, shared with the
 * pages' actions) as Express middleware: past it, 429 with Retry-After and the
 * contract's error shape.
 */
export function publicWriteLimit(services: Pick<AppServices, "db" | "config">, name: string): RequestHandler {
  return (req, res, next) => {
    limitPublicWrite(services, name, clientOf(req))
      .then((verdict) => {
        res.set("RateLimit-Limit", String(verdict.limit));
        res.set("RateLimit-Remaining", String(verdict.remaining));
        if (verdict.allowed) return next();
        res.set("Retry-After", String(verdict.retryAfter));
        sendError(res, 429, RATE_LIMITED_MESSAGE);
      })
      .catch(next);
  };
}
