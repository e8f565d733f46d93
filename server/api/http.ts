import type { NextFunction, Request, RequestHandler, Response } from "express";

/** The contract's one error shape. */
export function sendError(res: Response, status: number, error: string, fields?: Record<string, string>): void {
  res.removeHeader("Cache-Control"); // an error is never to be kept by a cache
  res.status(status).json(fields ? { error, fields } : { error });
}

/** Wraps an async handler so a rejected promise reaches the error middleware. */
export function handle(fn: (req: Request, res: Response) => Promise<void>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    fn(req, res).catch(next);
  };
}

/** A route parameter as one string (Express types wildcard parameters as arrays). */
export function param(req: Request, name: string): string {
  const value = req.params[name] as string | string[] | undefined;
  return Array.isArray(value) ? value.join("/") : (value ?? "");
}
