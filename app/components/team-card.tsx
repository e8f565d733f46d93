import { href, Link } from "react-router";
import type { TeamMember } from "~/modules/catalogue/entities";
import type { PictureData } from "~/modules/images/picture-data";
import { formatPounds } from "~/utils/money";
import { Picture } from "./picture";

type CardFields = "slug" | "first_name" | "last_name" | "level_name" | "para_1" | "price";

export type TeamCardMember = Pick<TeamMember, CardFields> & {
  /** Their portrait: a photograph, or the sample picture that stands in for one. */
  picture?: PictureData;
};

/** The academy team as a grid of cards; each item's id is the stylist's slug, so /team#freya lands on Freya. */
export function TeamGrid({ team }: { team: TeamCardMember[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {team.map((member) => (
        <li key={member.slug} id={member.slug} className="flex">
          <article className="group relative flex w-full overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink/5 sm:flex-col">
            <Picture
              picture={member.picture}
              alt=""
              widths={[320, 480, 640]}
              sizes="(min-width: 80rem) 17rem, (min-width: 64rem) 30vw, (min-width: 40rem) 45vw, 7rem"
              // On a phone the portrait is a strip as tall as the card beside it (no gap beneath it); from sm up, a 4:5 picture on top.
              className="w-28 shrink-0 sm:aspect-[4/5] sm:w-full"
            />
            <div className="flex min-w-0 flex-1 flex-col p-4 sm:p-5">
              <h2 className="text-xl">
                <Link to={href("/team/:slug", { slug: member.slug })} className="after:absolute after:inset-0 hover:underline">
                  {member.first_name} {member.last_name}
                </Link>
              </h2>
              <p className="text-sm font-semibold tracking-wide text-sage uppercase">{member.level_name}</p>
              <p className="mt-2 line-clamp-3 flex-1 text-[0.95rem] sm:mt-3 sm:line-clamp-4">{member.para_1}</p>
              <p className="mt-3 text-[0.95rem] font-semibold sm:mt-4 sm:text-base">Average Cut &amp; Colour price {formatPounds(member.price)}</p>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

/** A few of the team as faces, names and levels: the landing page's glimpse, each linking to a profile. */
export function TeamFaces({ team }: { team: TeamCardMember[] }) {
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 md:grid-cols-4">
      {team.map((member) => (
        <li key={member.slug} className="group relative text-center">
          <Picture
            picture={member.picture}
            alt=""
            widths={[320, 480]}
            sizes="(min-width: 72rem) 16rem, (min-width: 48rem) 22vw, 45vw"
            className="mx-auto aspect-[4/5] w-full max-w-64 rounded-t-full rounded-b-2xl shadow-sm ring-1 ring-ink/5"
          />
          <h3 className="mt-3 text-lg sm:text-xl">
            <Link to={href("/team/:slug", { slug: member.slug })} className="after:absolute after:inset-0 group-hover:underline">
              {member.first_name} {member.last_name}
            </Link>
          </h3>
          <p className="text-xs font-semibold tracking-wide text-brass-dark uppercase sm:text-sm">{member.level_name}</p>
        </li>
      ))}
    </ul>
  );
}

/** The fields a card needs, so loaders send no more than that, with the portrait described for the page. */
export function toTeamCard(
  { slug, first_name, last_name, level_name, para_1, price, image }: Pick<TeamMember, CardFields | "image">,
  picture: (src: string) => PictureData | undefined,
): TeamCardMember {
  const described = picture(image);
  return { slug, first_name, last_name, level_name, para_1, price, ...(described ? { picture: described } : {}) };
}
