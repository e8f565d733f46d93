import { href } from "react-router";
import { ButtonLink, ListPage } from "~/components/page";
import { TeamGrid, toTeamCard } from "~/components/team-card";
import { listTeam } from "~/modules/catalogue/catalogue.server";
import { pageContext } from "~/web/page-context.server";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/team";
import { contentPageAt } from "~/web/route-facts";

export const handle = contentPageAt({ "/team": {}, "/teaminfo": { canonical: "/team" } });

export const meta = seoMeta;

export async function loader({ context }: Route.LoaderArgs) {
  const { services, copy, seo, picture } = pageContext(context);
  const text = copy.text.team;
  return {
    text,
    team: (await listTeam(services.db)).map((member) => toTeamCard(member, picture)),
    // /teaminfo shows the same page: search engines are sent to /team.
    seo: seo({ title: text.title, description: text.description, path: "/team", image: "/images/team/freya.svg" }),
  };
}

export default function Team({ loaderData }: Route.ComponentProps) {
  const { text, team } = loaderData;
  return (
    <ListPage kicker="The team" text={text}>
      <TeamGrid team={team} />
      <p className="mt-10">
        <ButtonLink to={href("/")} outline><span aria-hidden="true">←</span>Back to the home page</ButtonLink>
      </p>
    </ListPage>
  );
}
