import { render } from "@react-email/render";
import type { ReactElement } from "react";
import type { Settings } from "~/modules/content/content-schema";
import { formatAddress } from "~/modules/content/public-settings";
import type { EmailBrand } from "./layout";

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** An email's HTML and its plain-text twin, from one React template. */
export async function renderEmail(subject: string, element: ReactElement): Promise<RenderedEmail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}

export function emailBrand(settings: Settings, publicUrl: string): EmailBrand {
  return {
    name: settings.name,
    phone: settings.phone,
    address: formatAddress(settings),
    publicUrl,
    bookingUrl: settings.links.booking,
  };
}
