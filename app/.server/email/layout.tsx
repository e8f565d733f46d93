/**
 * The branded frame every email shares: readable on a phone (one column,
 * 16px text, large link targets), with the academy's address and phone.
 * Inline styles are right here: email clients ignore stylesheets.
 */
import { Body, Container, Head, Hr, Html, Img, Link, Section, Text } from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";

export interface EmailBrand {
  name: string;
  phone: string;
  address: string;
  publicUrl: string;
  bookingUrl: string;
  /** The salon's logo as a PNG at an absolute address (email clients show no SVG), 8:3; without it, the name in type. */
  logoUrl?: string;
  /** The emails' greeting, first lines and sign-offs, by key (modules/site/words.ts EMAIL_WORD_DEFAULTS): the salon's, or the defaults. */
  words: Readonly<Record<`email.${string}`, string>>;
}

export const colours = { ink: "#1E1A1D", chalk: "#FAF7F2", blush: "#EBCFC4", brass: "#6E5029", sage: "#5E6E5A" };

/** Outlook's own CSS properties (mso-…), which React writes like any other but its types don't know. */
const outlookOnly = (properties: Record<string, string>) => properties as CSSProperties;

export const text = { fontSize: "16px", lineHeight: "24px", color: colours.ink, margin: "0 0 16px" } as const;

export function EmailLayout({ brand, preview, children }: { brand: EmailBrand; preview: string; children: ReactNode }) {
  return (
    <Html lang="en-GB">
      <Head>
        {/* Phones' mail apps lay the message out at the screen's width, not a desktop's. */}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <Body style={{ backgroundColor: colours.chalk, fontFamily: "Helvetica, Arial, sans-serif", margin: 0, padding: "16px 8px" }}>
        {/* The preview line mail apps show beside the subject, hidden in the message itself (Outlook needs mso-hide). */}
        <div
          style={{ display: "none", ...outlookOnly({ msoHide: "all" }), maxHeight: 0, maxWidth: 0, overflow: "hidden", fontSize: "1px", lineHeight: "1px", color: colours.chalk }}
          data-skip-in-text="true"
        >
          {preview}
        </div>
        {/* Outlook for Windows ignores max-width: a fixed 560 px table holds the card there (render.server.ts). */}
        <span data-mso-open="" />
        <Container style={{ backgroundColor: "#ffffff", maxWidth: "560px", padding: "28px 20px", borderRadius: "12px" }}>
          {brand.logoUrl ? (
            <Link href={brand.publicUrl} style={{ display: "block", margin: "0 0 24px" }} data-skip-in-text="true">
              <Img src={brand.logoUrl} alt={brand.name} width="192" height="72" style={{ display: "block", border: 0 }} />
            </Link>
          ) : (
            <Text style={{ fontFamily: "Georgia, serif", fontSize: "24px", fontWeight: 600, color: colours.ink, margin: "0 0 24px" }}>
              {brand.name}
            </Text>
          )}
          {children}
          <Hr style={{ borderColor: colours.blush, margin: "32px 0 16px" }} />
          <Section>
            <Text style={{ ...text, fontSize: "14px", lineHeight: "20px", color: colours.sage }}>
              {brand.name}, {brand.address}
              <br />
              <Link href={`tel:${brand.phone.replace(/\s/g, "")}`} style={{ color: colours.brass }}>
                {brand.phone}
              </Link>
              {" · "}
              <Link href={brand.publicUrl} style={{ color: colours.brass }}>
                {brand.publicUrl.replace(/^https?:\/\//, "")}
              </Link>
            </Text>
          </Section>
        </Container>
        <span data-mso-close="" />
      </Body>
    </Html>
  );
}

/** Lines one under another in a paragraph, each after a <br>: Outlook and Samsung Email ignore white-space. */
export function Lines({ lines }: { lines: readonly ReactNode[] }) {
  return lines.map((line, i) => (
    <span key={i}>
      {i > 0 ? <br /> : null}
      {line}
    </span>
  ));
}

/**
 * A link drawn as a button (a link, so every email client follows it), made to
 * hold in Outlook for Windows: the colour is the table cell's (bgcolor), the
 * cell keeps the padding there (mso-padding-alt), and the whole padded link is
 * the tap target everywhere else. Rounded where a client can round it.
 * `outline` for the second of two. Each stands in a section of its own, with
 * `margin` around it.
 */
export function ButtonLink({ href, margin, outline = false, children }: { href: string; margin: string; outline?: boolean; children: ReactNode }) {
  const background = outline ? "#ffffff" : colours.brass;
  return (
    <Section style={{ margin }}>
      <table role="presentation" cellPadding={0} cellSpacing={0} border={0} style={{ borderCollapse: "separate", margin: "0 0 8px" }}>
        <tbody>
          <tr>
            <td
              align="center"
              {...({ bgcolor: background } as object)}
              style={{ backgroundColor: background, border: `2px solid ${colours.brass}`, borderRadius: "999px", ...outlookOnly({ msoPaddingAlt: "12px 24px" }) }}
            >
              <Link
                href={href}
                style={{
                  display: "inline-block",
                  backgroundColor: background,
                  color: outline ? colours.brass : "#ffffff",
                  fontSize: "16px",
                  fontWeight: 600,
                  lineHeight: "20px",
                  padding: "12px 24px",
                  borderRadius: "999px",
                  textDecoration: "none",
                }}
              >
                {children}
              </Link>
            </td>
          </tr>
        </tbody>
      </table>
    </Section>
  );
}
