import { href, Link } from "react-router";
import { ColumnHeads } from "~/components/page";
import { PageShell } from "~/components/page-shell";
import { MARKETING_WORDS } from "~/modules/marketing/consent-words";
import { formatAddress, phoneHref } from "~/modules/site/public-settings";
import { keptFor, submissionKinds } from "~/modules/submissions/kinds";
import { submissionNames } from "~/modules/submissions/names";
import { describeApplicantRetention, monthsText, QUOTE_RETENTION_MONTHS, type RetentionPolicy } from "~/modules/submissions/retention";
import { pageContext } from "~/web/page-context.server";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/privacy";
import { contentPageAt } from "~/web/route-facts";

export const handle = contentPageAt({ "/privacy": {} });

export const meta = seoMeta;

export function loader({ context }: Route.LoaderArgs) {
  const { settings, seo, services } = pageContext(context);
  return {
    settings,
    // The rules the daily purge applies: each kind's months, and the applicant policy in force (APPLICANT_RETENTION_MONTHS, CLOSED_APPLICANT_RETENTION_MONTHS).
    kept: keptRows({ applicants: services.config.applicantRetention }),
    seo: seo({
      title: "Privacy: how we look after your details",
      description: "What Base Hair Academy keeps when you use our forms or save a quote, why, for how long, and how to have it deleted.",
      path: "/privacy",
    }),
  };
}

/** What we keep, why, and for how long: one row per submission kind, and the saved quotes. */
function keptRows(policy: RetentionPolicy): { what: string; why: string; how: string }[] {
  return [
    ...submissionNames.map((name) => {
      const kind = submissionKinds[name];
      const how = kind.keptMonths === "applicant-policy" ? describeApplicantRetention(policy.applicants) : keptFor(kind, policy);
      return { ...kind.privacy, how };
    }),
    {
      what: "Saved quotes",
      why: "Your name, mobile, email and the services you chose, to send you the quote and show it again from its link.",
      how: monthsText(QUOTE_RETENTION_MONTHS),
    },
    {
      what: "Offers by email or text",
      why: "Only if you tick a box on the quote or job application form: your name, the email address or mobile you agreed we may use, when you agreed and the words you agreed to, to send you offers that way.",
      how: "When you ask us to stop",
    },
  ];
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { settings, kept } = loaderData;
  return (
    <PageShell
      title="How we look after your details"
      lead={<p>We ask only for what we need, keep it only as long as we need it, and never sell it or share it for marketing.</p>}
    >
      <div className="prose-salon space-y-4 text-lg">
        <h2 className="text-2xl">What we keep, why, and for how long</h2>
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-base">
            <ColumnHeads rowClassName="border-b-2 border-ink/20" columns={[["What", "py-2 pr-4"], ["Why", "py-2 pr-4"], ["Deleted after", "py-2"]]} />
            <tbody>
              {kept.map(({ what, why, how }) => (
                <tr key={what} className="border-b border-ink/10 align-top">
                  <th scope="row" className="py-3 pr-4 font-semibold">
                    {what}
                  </th>
                  <td className="py-3 pr-4">{why}</td>
                  <td className="py-3">{how}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          Our lawful basis is your request: you asked us to consider an application, book you as a model, answer a message or
          send a quote. Health details, and offers by email or text, only with your explicit consent, which you can withdraw at
          any time.
        </p>
        <h2 className="pt-4 text-2xl">Offers by email or text</h2>
        <p>
          The quote and job application forms have two boxes, both empty until you tick them. Ticking the first means you
          agree to this: “{MARKETING_WORDS.email}” Ticking the second means you agree to this: “{MARKETING_WORDS.sms}” We keep
          the time you ticked and those words, and send offers only the way you agreed to. To stop, tell us (reply to an offer,
          reply STOP to a text, or call us) and we delete your consent.
        </p>
        <h2 className="pt-4 text-2xl">Counting visits</h2>
        <p>
          We count how many times each page is seen each day, and how many people go from the price calculator to a saved
          quote and a booking. We do this without cookies, and we keep only the numbers: never your address, your device or
          anything else that could tell who you are.
        </p>
        <h2 className="pt-4 text-2xl">Who sees it</h2>
        <p>
          Only the staff who need it: our education team for applications, and the salon team for everything else. Emails
          and text messages go through our mail and text-message providers, who handle them only to deliver them.
        </p>
        <h2 className="pt-4 text-2xl">Your rights</h2>
        <p>
          You can ask for a copy of what we hold about you, ask us to correct it, or ask us to delete it sooner. Write to us at{" "}
          {settings.name}, {formatAddress(settings)}, or call{" "}
          <a href={phoneHref(settings.phone)} className="underline">
            {settings.phone}
          </a>
          . If you are unhappy with how we have handled your details, you can complain to the Information Commissioner's Office.
        </p>
        <p>
          See also our <Link to={href("/policies")} className="underline">salon policies</Link>.
        </p>
      </div>
    </PageShell>
  );
}
