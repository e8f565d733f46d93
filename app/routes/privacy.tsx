import { Link } from "react-router";
import { PageShell } from "~/components/page-shell";
import { formatAddress, phoneHref } from "~/modules/site/public-settings";
import { keptFor, submissionKinds } from "~/modules/submissions/kinds";
import { submissionNames } from "~/modules/submissions/names";
import { describeApplicantRetention, monthsText, QUOTE_RETENTION_MONTHS, type RetentionPolicy } from "~/modules/submissions/retention";
import { pageContext } from "~/web/page-context.server";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/privacy";

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
            <thead>
              <tr className="border-b-2 border-ink/20">
                <th scope="col" className="py-2 pr-4">
                  What
                </th>
                <th scope="col" className="py-2 pr-4">
                  Why
                </th>
                <th scope="col" className="py-2">
                  Deleted after
                </th>
              </tr>
            </thead>
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
          send a quote. Health details are kept only with your explicit consent, which you can withdraw at any time.
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
          See also our <Link to="/policies" className="underline">salon policies</Link>.
        </p>
      </div>
    </PageShell>
  );
}
