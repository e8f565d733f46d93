/**
 * A browser-like client for the staff area in tests: keeps the cookies the
 * server sets (session and device) and sends them back, and can pose as
 * another client address (X-Forwarded-For, which the app trusts from loopback).
 */

export const STAFF = {
  morgan: { name: "Morgan", pin: "845217" },
  sam: { name: "Sam", pin: "390624" },
} as const;

/** STAFF_ACCOUNTS for a test server with both. */
export const staffAccountsEnv = `${STAFF.morgan.name}:${STAFF.morgan.pin},${STAFF.sam.name}:${STAFF.sam.pin}`;

/** A receptionist, for the tests of what reception may not do. */
export const RAE = { name: "Rae", pin: "572914" } as const;

/** STAFF_ACCOUNTS with a manager and a receptionist. */
export const managerAndReceptionEnv = `${STAFF.morgan.name}:${STAFF.morgan.pin},${RAE.name}:${RAE.pin}:reception`;

/** STAFF_ACCOUNTS with both managers and the receptionist. */
export const wholeTeamEnv = `${managerAndReceptionEnv},${STAFF.sam.name}:${STAFF.sam.pin}`;

export interface RequestOptions {
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded, as a browser posts a form without JavaScript. */
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

export class StaffClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    /** The client address the server should see. */
    readonly address?: string,
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    if (this.address) headers["x-forwarded-for"] = this.address;
    let body: string | undefined;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(options.form).toString();
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, ...value] = pair!.split("=");
      const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(cookie);
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join("="));
    }
    return response;
  }

  /** Signs in through the API with a name and PIN (a guess names the account it tries); returns the response. */
  signIn(who: { name: string; pin: string }, headers: Record<string, string> = {}): Promise<Response> {
    return this.request("POST", "/api/staff/session", { json: { name: who.name, pin: who.pin }, headers });
  }
}

/**
 * Mobiles differ from one made-up applicant to the next (a repeated one would be flagged as a possible duplicate),
 * from 07700 970000 up: the numbers tests write out (07700 900123, 07700 955123…) stay below, so a search for one
 * never finds a made-up applicant too (it did 1 run in a few hundred, when the count passed 07700 955123).
 */
let nextMobile = Math.floor(Math.random() * 30_000);

/** The join-us API's body for a made-up applicant. */
export function applicantBody(name: string, overrides: Record<string, string> = {}) {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ".")
    .replace(/^\.|\.$/g, "");
  return {
    name,
    mobile: `07700 9${70_000 + (nextMobile++ % 30_000)}`,
    email: `${slug}@example.com`,
    role: "Apprentice",
    position: "school",
    about: "I practise on my family every weekend.",
    why_hair: "I like making people feel good.",
    why_us: "A friend trained here.",
    ...overrides,
  };
}

/** Applies to join through the public API, as a visitor's browser does; returns the new applicant's id. */
export async function applyAsVisitor(baseUrl: string, name: string, overrides: Record<string, string> = {}): Promise<number> {
  return (await submitApplication(baseUrl, applicantBody(name, overrides))).id;
}

/** Sends these answers to the public API; returns the new applicant's id and the email address they gave. */
export async function submitApplication(baseUrl: string, body: ReturnType<typeof applicantBody>): Promise<{ id: number; email: string }> {
  const response = await fetch(`${baseUrl}/api/joinus`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`/api/joinus answered ${response.status}: ${await response.text()}`);
  return { id: ((await response.json()) as { id: number }).id, email: body.email };
}
