import { FormPageEnd, SubmissionForm } from "~/components/forms/public-forms";
import { actionHeaders } from "~/components/forms/form-route";
import { PageShell } from "~/components/page-shell";
import { pageContext } from "~/web/page-context.server";
import { formAction, formPageData } from "~/web/form-action.server";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/models";
import { HeadedSection } from "~/components/page";
import type { RouteFacts } from "~/web/route-facts";

export const handle: RouteFacts = { publicPages: { "/models": {} } };

export const meta = seoMeta;

/** The page's picture: the salon chair, until the salon adds a photograph of the same name. */
const PICTURE = "/images/pages/models.svg";

export const loader = ({ context }: Route.LoaderArgs) => ({
  ...formPageData(context, {
    title: "Be a hair model",
    description:
      "Our trainees need models on training days. Have your hair cut, coloured or styled for practically free, with an educator checking every step.",
    path: "/models",
    image: PICTURE,
  }),
  picture: pageContext(context).picture(PICTURE),
});
export const action = (args: Route.ActionArgs) => formAction("models", args);
export const headers = actionHeaders;

export default function Models({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PageShell
      eyebrow="Training days"
      title="We need models"
      lead={
        <p>
          Our apprentices learn on real hair, and that means yours. On training days you can have your hair done for
          practically free, while an educator checks every step.
        </p>
      }
      sideWidth="half"
      side={
        <HeadedSection id="signup-heading" title="Sign up to be a model" className="rounded-2xl bg-white p-6 ring-1 ring-ink/5 sm:p-8" headingClassName="mb-6 text-3xl">
          <SubmissionForm kind="models" token={loaderData.token} words={loaderData.words} serverResult={actionData} />
        </HeadedSection>
      }
    >
      <div className="prose-salon space-y-4 text-lg">
        <p>
          We look for all kinds of hair: long and short, curly and straight, coloured and natural. Some sessions are cuts,
          some are colour, some are blow-dries and hair-ups. Appointments take a little longer than usual, because your
          stylist is learning as they go, so bring a book or a podcast.
        </p>
        <p>
          Tell us about your hair and the days you are usually free. When a training day needs hair like yours, we will text
          you to arrange a time. Colour sessions need a skin test at least 48 hours before.
        </p>
      </div>
      <FormPageEnd picture={loaderData.picture} />
    </PageShell>
  );
}
