/** /open-evening and /feedback: the same name-and-mobile form, each with its own words. */
import { BackLink } from "~/components/back-link";
import { InterestForm } from "~/components/forms/public-forms";
import { PageShell } from "~/components/page-shell";
import { formAction, formPageData } from "~/modules/enquiries/form-action.server";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/interest-page";

const pages = {
  "/open-evening": {
    kind: "open-evening",
    title: "Open evening",
    description: "Come and meet the team at our next open evening: see the academy, watch a demonstration and ask about apprenticeships.",
    lead: "Come and see the academy after hours. Meet our educators and apprentices, watch a live demonstration, and ask anything about training with us. Leave your name and mobile and we'll text you the date.",
  },
  "/feedback": {
    kind: "feedback",
    title: "Tell us how we did",
    description: "Been in for an appointment? Leave your name and number and we'll call to hear how your visit went.",
    lead: "Been in for an appointment? We'd love to hear how it went, good or bad. Leave your name and mobile and one of the team will give you a quick call.",
  },
} as const;

const pageFor = (pathname: string) => (pathname.startsWith("/feedback") ? pages["/feedback"] : pages["/open-evening"]);

export const meta = seoMeta;

export const loader = ({ context, request }: Route.LoaderArgs) => {
  const path = new URL(request.url).pathname;
  const page = pageFor(path);
  return { ...formPageData(context, { title: page.title, description: page.description, path }), path };
};
export const action = (args: Route.ActionArgs) => formAction(pageFor(new URL(args.request.url).pathname).kind, args);

export default function InterestPage({ loaderData, actionData }: Route.ComponentProps) {
  const page = pageFor(loaderData.path);
  return (
    <PageShell title={page.title} lead={<p>{page.lead}</p>}>
      <div className="rounded-2xl bg-white p-6 ring-1 ring-ink/5 sm:p-8">
        <InterestForm kind={page.kind} token={loaderData.token} phone={loaderData.phone} serverResult={actionData} />
      </div>
      <p className="mt-8">
        <BackLink />
      </p>
    </PageShell>
  );
}
