/**
 * The branded frame every email shares: readable on a phone (one column,
 * 16px text, large link targets), with the academy's address and phone.
 * Inline styles are right here: email clients ignore stylesheets.
 */
import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";

export interface EmailBrand {
  name: string;
  phone: string;
  address: string;
  publicUrl: string;
  bookingUrl: string;
}

export const colours = { ink: "#1E1A1D", chalk: "#FAF7F2", blush: "#EBCFC4", brass: "#6E5029", sage: "#5E6E5A" };

export const text = { fontSize: "16px", lineHeight: "24px", color: colours.ink, margin: "0 0 16px" } as const;

export function EmailLayout({ brand, preview, children }: { brand: EmailBrand; preview: string; children: ReactNode }) {
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colours.chalk, fontFamily: "Helvetica, Arial, sans-serif", margin: 0, padding: "24px 0" }}>
        <Container style={{ backgroundColor: "#ffffff", maxWidth: "560px", padding: "32px 24px", borderRadius: "12px" }}>
          <Text style={{ fontFamily: "Georgia, serif", fontSize: "24px", fontWeight: 600, color: colours.ink, margin: "0 0 24px" }}>
            {brand.name}
          </Text>
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
      </Body>
    </Html>
  );
}

export function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      style={{
        display: "inline-block",
        backgroundColor: colours.brass,
        color: "#ffffff",
        fontSize: "16px",
        fontWeight: 600,
        padding: "14px 24px",
        borderRadius: "999px",
        textDecoration: "none",
      }}
    >
      {children}
    </Link>
  );
}
