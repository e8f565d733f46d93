import { Text } from "@react-email/components";
import { EmailLayout, text, type EmailBrand } from "~/.server/email/layout";
import { renderEmail, type RenderedEmail } from "~/.server/email/render.server";

export interface ContactMessageData {
  name: string;
  email: string;
  message: string;
}

function ContactMessage({ brand, contact }: { brand: EmailBrand; contact: ContactMessageData }) {
  return (
    <EmailLayout brand={brand} preview={`Message from ${contact.name}`}>
      <Text style={text}>
        A message from the website's contact form. Reply to this email to answer {contact.name} directly.
      </Text>
      <Text style={text}>
        <strong>From:</strong> {contact.name} ({contact.email})
      </Text>
      {contact.message.split(/\n{2,}/).map((paragraph, i) => (
        <Text key={i} style={{ ...text, whiteSpace: "pre-wrap" }}>
          {paragraph}
        </Text>
      ))}
    </EmailLayout>
  );
}

/** The visitor's message to the salon; the caller sets Reply-To to the visitor's address. */
export function renderContactMessage(brand: EmailBrand, contact: ContactMessageData): Promise<RenderedEmail> {
  return renderEmail(`Website message from ${contact.name}`, <ContactMessage brand={brand} contact={contact} />);
}
