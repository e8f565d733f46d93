import { FormPageEnd, SubmissionForm } from "~/components/forms/public-forms";
import { actionHeaders } from "~/components/forms/form-route";
import { PageShell } from "~/components/page-shell";
import { pageContext } from "~/web/page-context.server";
import { JsonLd } from "~/components/json-ld";
import { apprenticeshipData } from "~/modules/seo/structured-data";
import { formAction, formPageData } from "~/web/form-action.server";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/joinus";
import { HeadedSection } from "~/components/page";
import type { RouteFacts } from "~/web/route-facts";

export const handle: RouteFacts = { publicPages: { "/joinus": {} } };

export const meta = seoMeta;

/** The page's picture: a drawing of the trade's tools, until the salon adds a photograph of the same name. */
const PICTURE = "/images/pages/joinus.svg";

export const loader = ({ context }: Route.LoaderArgs) => {
  // The diplomas are a fact other pages state too: said once, in content/facts.yaml.
  const diplomas = pageContext(context).services.content.facts.apprenticeDiplomas.says!;
  return {
    ...formPageData(context, {
      title: "Join us: apprenticeships and stylist roles",
      description: `Train as a hairdresser with a two-year apprenticeship and your ${diplomas} diplomas, or join our stylists. One application covers all three salons.`,
      path: "/joinus",
      image: PICTURE,
    }),
    picture: pageContext(context).picture(PICTURE),
    diplomas,
    // The apprenticeship as a JobPosting for search engines.
    job: apprenticeshipData(pageContext(context).settings, pageContext(context).services.config.publicUrl, diplomas),
  };
};

export const action = (args: Route.ActionArgs) => formAction("joinus", args);
export const headers = actionHeaders;

export default function JoinUs({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PageShell
      eyebrow="Careers"
      title="Join Base"
      lead={
        <p>
          <JsonLd data={loaderData.job} />
          Every stylist at Base started where you are now. We teach the craft properly, in a real salon with real clients,
          and we pay you while you learn.
        </p>
      }
      sideWidth="half"
      // Once sent, the thanks (which takes the form's place and the focus) comes to the top, above the long copy (decision 0009).
      sideFirst={actionData?.status === "success"}
      side={
        <HeadedSection id="apply-heading" title="Apply now" className="rounded-2xl bg-white p-6 ring-1 ring-ink/5 sm:p-8" headingClassName="text-3xl">
          <p className="mt-2 mb-6">One application covers all three of our salons.</p>
          <SubmissionForm kind="joinus" token={loaderData.token} words={loaderData.words} retention={loaderData.retention} serverResult={actionData} />
        </HeadedSection>
      }
    >
      <div className="prose-salon space-y-4 text-lg">
        <h2 className="text-2xl">Not sure yet? Start with a pre-apprenticeship</h2>
        <p>
          Our pre-apprenticeship is a few weeks in the academy for school leavers and career changers who want to try
          hairdressing before they commit. You shadow our apprentices, learn shampooing and blow-drying, and find out
          whether salon life suits you.
        </p>
        <h2 className="pt-4 text-2xl">The two-year apprenticeship</h2>
        <p>
          Our apprenticeship lasts two years. You work five days a week, and two to three of those days are training days,
          on models and with our educators. The apprenticeship ends with your {loaderData.diplomas} hairdressing diplomas,
          and a column of clients who already know your name.
        </p>
        <ul className="list-disc space-y-1 pl-6">
          <li>2 years, five days a week</li>
          <li>2 to 3 training days every week</li>
          <li>{loaderData.diplomas} diplomas</li>
          <li>A clear path: New Starter, Apprentice, Junior Stylist, Graduate</li>
        </ul>
        <h2 className="pt-4 text-2xl">Already qualified?</h2>
        <p>
          We are always glad to hear from stylists, and from people who would like Saturday or evening work. Tell us where you
          are now and what you are looking for.
        </p>
      </div>
      <FormPageEnd picture={loaderData.picture} />
    </PageShell>
  );
}
