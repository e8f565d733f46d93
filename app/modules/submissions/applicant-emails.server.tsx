import { Text } from "@react-email/components";
import { ButtonLink, EmailLayout, text, type EmailBrand } from "~/.server/email/layout";
import { renderEmail, type RenderedEmail } from "~/.server/email/render.server";
import { greetingFor } from "~/modules/site/words";
import { withArticle } from "~/utils/articles";

export interface ApplicantMessageData {
  id: number | string;
  firstName: string;
  fullName: string;
  role: string;
  position: string;
  salonName: string;
  /** Set when the same email or mobile applied within 30 days. */
  possibleDuplicate?: boolean;
}

/** "an Apprentice", "a Stylist"; the roles that are not a job title are said in words. */
export function roleWords(role: string): string {
  if (role === "Other") return "part of the team";
  if (role === "Saturday") return "part of our Saturday and evening team";
  return withArticle(role);
}

function ThankYou({ brand, applicant }: { brand: EmailBrand; applicant: ApplicantMessageData }) {
  return (
    <EmailLayout brand={brand} preview="We've got your application">
      <Text style={text}>{greetingFor(brand.words, applicant.firstName)}</Text>
      <Text style={text}>
        Thank you for applying to join us as {roleWords(applicant.role)}. Your
        application has reached us safely.
      </Text>
      <Text style={text}>{brand.words["email.joinus.next"]}</Text>
      <Text style={text}>
        If anything changes in the meantime, or you have a question, call us on {brand.phone}.
      </Text>
      <Text style={text}>
        {brand.words["email.joinus.signoff"]}
        <br />
        The team at {brand.name}
      </Text>
    </EmailLayout>
  );
}

export function renderApplicantThankYou(brand: EmailBrand, applicant: ApplicantMessageData): Promise<RenderedEmail> {
  return renderEmail(`Thanks for applying to ${brand.name}`, <ThankYou brand={brand} applicant={applicant} />);
}

/**
 * The alert to staff: who applied and a link to the staff area. Contact details
 * and answers stay behind the staff sign-in rather than sitting in an inbox.
 */
function StaffAlert({ brand, applicant }: { brand: EmailBrand; applicant: ApplicantMessageData }) {
  return (
    <EmailLayout brand={brand} preview={`${applicant.fullName} applied: ${applicant.role}`}>
      <Text style={text}>A new application has arrived.</Text>
      <Text style={text}>
        <strong>{applicant.fullName}</strong>
        <br />
        Role: {applicant.role}
        <br />
        Position: {applicant.position}
        <br />
        Salon: {applicant.salonName}
      </Text>
      {applicant.possibleDuplicate ? (
        <Text style={text}>This person applied in the last 30 days too: it may be a second copy.</Text>
      ) : null}
      <ButtonLink href={`${brand.publicUrl}/applicant/${applicant.id}`} margin="8px 0 24px">Read the application</ButtonLink>
    </EmailLayout>
  );
}

export function renderApplicantAlert(brand: EmailBrand, applicant: ApplicantMessageData): Promise<RenderedEmail> {
  return renderEmail(`New application: ${applicant.fullName} (${applicant.role})`, <StaffAlert brand={brand} applicant={applicant} />);
}
