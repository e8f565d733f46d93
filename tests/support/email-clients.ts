/**
 * The check every email passes: against caniemail.com's data (doiuse-email),
 * nothing that Outlook for Windows or Samsung Email drops and the email
 * needs, and the frame they need that the data cannot see (<title>, the
 * colour-scheme meta, the 560 px table Outlook alone reads).
 */
import { doIUseEmail } from "doiuse-email";
import { expect } from "vitest";

const clients = ["outlook.windows", "samsung-email.*"];
/**
 * What those clients ignore and the emails can do without: rounded corners
 * (square in Outlook), `overflow` on the hidden preview (hidden there by
 * display:none and mso-hide instead), and the `outline:none` react-email puts
 * on pictures.
 */
const degradesGracefully = new Set(["border-radius", "overflow", "outline"]);

/** The features doiuse-email finds unsupported in those clients that the email needs: none, for every email. */
export function unsupportedFeatures(html: string): string[] {
  const result = doIUseEmail(html, { emailClients: clients });
  const unsupported = result.success ? [] : result.errors.map((e) => /^`([^`]+)`/.exec(e)?.[1] ?? e);
  return unsupported.filter((feature) => !degradesGracefully.has(feature));
}

/** The email layout's frame, as render.server.ts finishes it. */
export function expectEmailFrame({ html, subject }: { html: string; subject: string }): void {
  expect(html).toContain(`<title>${subject.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</title>`);
  expect(html).toContain('<meta name="color-scheme" content="light"/>');
  expect(html).toContain('<meta name="supported-color-schemes" content="light"/>');
  expect(html).toContain('<!--[if mso]><table role="presentation" align="center" width="560"');
  expect(html).toContain("<!--[if mso]></td></tr></table><![endif]-->");
  // Every marker the layout leaves for Outlook's table was replaced.
  expect(html).not.toContain("data-mso-");
}
