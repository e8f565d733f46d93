/**
 * How the finish page's action tells the submitted page which quote it saved,
 * without putting anything in the address: a short-lived, signed, HttpOnly
 * cookie set by the action's redirect and read by /prices/finish/submitted.
 * It holds the quote's link and the visitor's first name, lives ten minutes
 * (long enough to reload the page), and is sent only to the finish pages.
 */
import { createCookie } from "react-router";
import { z } from "zod";
import type { Config } from "~/.server/config.server";
import { QUOTE_LINK_PATTERN } from "~/modules/quotes/quotes.server";

const savedQuote = z.object({ link: z.string().regex(QUOTE_LINK_PATTERN), firstName: z.string().max(100) });
type SavedQuote = z.infer<typeof savedQuote>;

function cookie(config: Pick<Config, "sessionSecrets" | "publicUrl">) {
  return createCookie("saved_quote", {
    httpOnly: true,
    sameSite: "lax",
    secure: config.publicUrl.startsWith("https://"),
    path: "/prices/finish",
    maxAge: 10 * 60,
    secrets: config.sessionSecrets,
  });
}

/** The Set-Cookie header value that carries `saved` to the submitted page. */
export function rememberSavedQuote(config: Pick<Config, "sessionSecrets" | "publicUrl">, saved: SavedQuote): Promise<string> {
  return cookie(config).serialize(saved);
}

/** The quote this browser just saved, if its cookie is there, ours and unexpired. */
export async function readSavedQuote(config: Pick<Config, "sessionSecrets" | "publicUrl">, request: Request): Promise<SavedQuote | undefined> {
  const value: unknown = await cookie(config).parse(request.headers.get("Cookie"));
  const parsed = savedQuote.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
