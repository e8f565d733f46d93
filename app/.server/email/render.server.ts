import { render, toPlainText } from "@react-email/render";
import type { ReactElement } from "react";

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** The DOCTYPE `render` puts before the HTML. */
const DOCTYPE = /^<!DOCTYPE[^>]*>/i;

/**
 * An email's HTML and its plain-text twin, from one React template. The
 * template is rendered once and the text made from that HTML, which is what
 * `render(element, { plainText: true })` does after rendering it a second time
 * (render.server.test.ts proves the two agree): rendering was a quarter of the
 * time it takes to save a quote (issue 13).
 */
export async function renderEmail(subject: string, element: ReactElement): Promise<RenderedEmail> {
  const html = await render(element);
  return { subject, html, text: toPlainText(html.replace(DOCTYPE, "")) };
}
