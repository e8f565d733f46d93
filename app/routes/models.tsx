import { BackLink } from "~/components/back-link";
import { ModelsForm } from "~/components/forms/public-forms";
import { PageShell } from "~/components/page-shell";
import { formAction, formPageData } from "~/modules/enquiries/form-action.server";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/models";

export const meta = seoMeta;

export const loader = ({ context }: Route.LoaderArgs) =>
  formPageData(context, {
    title: "Be a hair model",
    description:
      "Our trainees need models on training days. Have your hair cut, coloured or styled for practically free, with an educator checking every step.",
    path: "/models",
  });
export const action = (args: Route.ActionArgs) => formAction("models", args);

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
      <section aria-labelledby="signup-heading" className="mt-12 rounded-2xl bg-white p-6 ring-1 ring-ink/5 sm:p-8">
        <h2 id="signup-heading" className="mb-6 text-3xl">
          Sign up to be a model
        </h2>
        <ModelsForm token={loaderData.token} phone={loaderData.phone} serverResult={actionData} />
      </section>
      <p className="mt-8">
        <BackLink />
      </p>
    </PageShell>
  );
}
