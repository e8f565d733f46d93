/**
 * Talking to the pages as a browser without JavaScript does: fetch a page,
 * post a form to it as application/x-www-form-urlencoded, read the HTML that
 * comes back.
 */

export interface PageResponse {
  status: number;
  headers: Headers;
  html: string;
  /** The page's HTML with its entities decoded and React's text separators gone, for finding messages. */
  text: string;
}

async function read(response: Response): Promise<PageResponse> {
  const html = await response.text();
  return { status: response.status, headers: response.headers, html, text: decodeEntities(html.replace(/<!-- -->/g, "")) };
}

export async function getPage(base: string, path: string, init: RequestInit = {}): Promise<PageResponse> {
  return read(await fetch(`${base}${path}`, { redirect: "manual", ...init }));
}

/** Posts `fields` to `path` as a plain HTML form does. */
export async function postForm(base: string, path: string, fields: Record<string, string>, init: RequestInit = {}): Promise<PageResponse> {
  return read(
    await fetch(`${base}${path}`, {
      method: "POST",
      redirect: "manual",
      ...init,
      headers: { "content-type": "application/x-www-form-urlencoded", ...init.headers },
      body: new URLSearchParams(fields).toString(),
    }),
  );
}

/** The value of the hidden input called `name` in a page, as a browser would send it back. */
export function hiddenValue(html: string, name: string): string {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  const value = input ? /value="([^"]*)"/.exec(input)?.[1] : undefined;
  if (value === undefined) throw new Error(`No hidden input called ${name} in the page`);
  return decodeEntities(value);
}

/** The attributes of the form control called `name`, e.g. to read its value or aria-invalid. */
export function controlTag(html: string, name: string): string {
  const tag = new RegExp(`<(?:input|textarea|select)[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  if (!tag) throw new Error(`No form control called ${name} in the page`);
  return decodeEntities(tag);
}

export function decodeEntities(html: string): string {
  return html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
