import { href } from "react-router";
import { ButtonLink, PageHeader, Paragraphs } from "~/components/page";
import { findTeamMember } from "~/modules/catalogue/catalogue.server";
import { notFound, pageContext } from "~/web/page-context.server";
import { listSalonSites } from "~/modules/catalogue/salons.server";
import { formatBlogDate } from "~/utils/dates";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/notices.$slug";
import { contentPageAt } from "~/web/route-facts";

export const handle = contentPageAt({ "/notices/:slug": {} });

export const meta = seoMeta;

/** The notices that a stylist has moved on (a public page): one each, written in content/notices.yaml. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, copy, seo } = pageContext(context);
  const notice = copy.notices.find((n) => n.slug === params.slug);
  if (!notice) notFound();
  const stylist = notice.stylist ? await findTeamMember(services.db, notice.stylist) : undefined;
  const salon = stylist ? (await listSalonSites(services.db)).find((s) => s.id === stylist.salon) : undefined;
  return {
    notice,
    stylist: stylist ? { slug: stylist.slug, first_name: stylist.first_name } : undefined,
    salon: salon ? { name: salon.name, website: salon.website } : undefined,
    seo: seo({ title: notice.title, description: notice.description, path: `/notices/${notice.slug}` }),
  };
}

export default function TeamNotice({ loaderData }: Route.ComponentProps) {
  const { notice, stylist, salon } = loaderData;
  return (
    <article>
      <PageHeader kicker="Team news" heading={notice.heading}>
        <p>
          <time dateTime={notice.date}>{formatBlogDate(notice.date)}</time>
        </p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <Paragraphs items={notice.body} className="max-w-3xl text-lg" />
        <div className="mt-10 flex flex-wrap gap-3">
          {stylist ? (
            <ButtonLink to={href("/prices/:stylist", { stylist: stylist.slug })}>Get a quote with {stylist.first_name}</ButtonLink>
          ) : null}
          {salon && salon.website.startsWith("http") ? (
            <a href={salon.website} rel="noopener" className="button button-outline">
              Visit {salon.name}
            </a>
          ) : null}
          <ButtonLink to={href("/team")} outline>Meet the academy team</ButtonLink>
        </div>
      </div>
    </article>
  );
}
