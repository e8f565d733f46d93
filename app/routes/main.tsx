import { Link } from "react-router";
import { OpeningHours } from "~/components/site-footer";
import { TeamCard } from "~/components/team-card";
import { servicesContext } from "~/context";
import { listBlogPosts, listTeam } from "~/modules/content/catalogue.server";
import { formatAddress, phoneHref, publicSettings } from "~/modules/content/public-settings";
import type { Route } from "./+types/main";

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.settings.name ?? "Base Hair Academy";
  return [
    { title: `${name} | Training salon in ${loaderData?.settings.town ?? "Ashbridge"}` },
    {
      name: "description",
      content: `${name}: cuts and colour by our apprentices, junior stylists and graduates, supervised by experienced educators, at prices well below a senior salon.`,
    },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db, settings } = context.get(servicesContext);
  const [team, posts] = await Promise.all([listTeam(db), listBlogPosts(db)]);
  return {
    settings: publicSettings(settings),
    team: team.map(({ slug, first_name, last_name, level_name, para_1, price, image }) => ({
      slug,
      first_name,
      last_name,
      level_name,
      para_1,
      price,
      image,
    })),
    posts: posts.slice(0, 3).map(({ slug, title, excerpt, date, author }) => ({ slug, title, excerpt, date, author })),
  };
}

function Section({ id, title, children, tone = "plain" }: { id: string; title: string; children: React.ReactNode; tone?: "plain" | "soft" }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={tone === "soft" ? "bg-blush/50" : ""}>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <h2 id={`${id}-heading`} className="text-3xl sm:text-4xl">
          {title}
        </h2>
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

export default function Main({ loaderData }: Route.ComponentProps) {
  const { settings, team, posts } = loaderData;
  return (
    <>
      <section id="home" aria-labelledby="home-heading" className="bg-ink text-chalk">
        <div className="mx-auto max-w-6xl px-4 py-20 sm:py-28">
          <p className="text-sm font-semibold tracking-[0.25em] text-blush uppercase">
            Training salon · {settings.town}
          </p>
          <h1 id="home-heading" className="mt-4 max-w-3xl text-4xl sm:text-6xl">
            {settings.tagline}
          </h1>
          <div className="mt-10 flex flex-wrap gap-3">
            <a href={settings.links.booking} className="button bg-blush text-ink hover:bg-chalk" rel="noopener">
              Book Now
            </a>
            <Link to="/prices" className="button button-outline">
              Get a quote
            </Link>
          </div>
          <ul className="mt-10 flex flex-wrap gap-x-5 gap-y-2" aria-label="Follow us">
            {settings.social.map((s) => (
              <li key={s.name}>
                <a href={s.url} rel="noopener" className="inline-flex min-h-6 underline">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Section id="about" title="It's All about the Base">
        <div className="prose-salon max-w-3xl text-lg">
          <p>
            {settings.name} is where the next generation of stylists learns the craft. Every appointment is given by a New
            Starter, Apprentice, Junior Stylist or Graduate, with an experienced educator checking the consultation, the
            colour and the finish.
          </p>
          <p>
            You get unhurried, careful work at a lower price, and you help a young stylist take the next step. We are one
            of three sister salons in {settings.town}, so if you need a senior stylist, we will find you one.
          </p>
        </div>
      </Section>

      <Section id="team" title="Meet the Base Team" tone="soft">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {team.map((member) => (
            <li key={member.slug} id={member.slug} className="flex">
              <TeamCard member={member} />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="price" title="Get a Quote">
        <p className="max-w-2xl text-lg">
          Choose a service, pick a stylist or a level, and see the price before you book. It takes about a minute.
        </p>
        <p className="mt-6">
          <Link to="/prices" className="button button-primary">
            Start your quote
          </Link>
        </p>
      </Section>

      {posts.length > 0 ? (
        <Section id="blog" title="From the blog" tone="soft">
          <ul className="grid gap-6 md:grid-cols-3">
            {posts.map((post) => (
              <li key={post.slug} className="rounded-2xl bg-white p-6 ring-1 ring-ink/5">
                <h3 className="text-xl">
                  <Link to={`/blog/${post.slug}`} className="hover:underline">
                    {post.title}
                  </Link>
                </h3>
                <p className="mt-3">{post.excerpt}</p>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section id="contact" title="Location & Contact Info">
        <div className="grid gap-10 md:grid-cols-2">
          <div>
            <address className="text-lg not-italic">
              {settings.name}
              <br />
              {formatAddress(settings)}
            </address>
            <p className="mt-4 text-lg">
              Call us on{" "}
              <a href={phoneHref(settings.phone)} className="font-semibold text-brass-dark underline">
                {settings.phone}
              </a>
            </p>
          </div>
          <div>
            <h3 className="text-xl">Opening hours</h3>
            <div className="mt-3">
              <OpeningHours settings={settings} />
            </div>
          </div>
        </div>
      </Section>
    </>
  );
}
