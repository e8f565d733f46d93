import { JsonLd } from "~/components/json-ld";
import { MarkdownPage } from "~/components/markdown-page";
import { Picture } from "~/components/picture";
import { markdownPage, pageContext } from "~/modules/content/page-context.server";
import { listSalonSites } from "~/modules/content/salons.server";
import { hairSalonData } from "~/modules/content/structured-data";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/about";

export const meta = seoMeta;

export async function loader({ context }: Route.LoaderArgs) {
  const { services, settings } = pageContext(context);
  const salons = await listSalonSites(services.db);
  return {
    ...markdownPage(context, "about", "/about"),
    booking: settings.links.booking,
    salons,
    salonData: hairSalonData(settings, services.config.publicUrl, salons),
  };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { page, booking, salons, salonData } = loaderData;
  return (
    <MarkdownPage page={page}>
      <JsonLd data={salonData} />
      <p className="mt-8">
        <a href={booking} className="button button-primary" rel="noopener">
          Book Here
        </a>
      </p>
      <section aria-labelledby="salons-heading" className="mt-14">
        <h2 id="salons-heading" className="text-2xl sm:text-3xl">
          Our three salons
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {salons.map((salon) => (
            <li key={salon.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/5">
              <a
                href={salon.website}
                rel={salon.website.startsWith("http") ? "noopener" : undefined}
                className="flex min-h-11 flex-col items-start gap-2 font-semibold underline"
              >
                <Picture
                  src={salon.logo}
                  alt=""
                  width={320}
                  height={120}
                  widths={[320, 640]}
                  sizes="16rem"
                  className="h-auto w-full max-w-64"
                />
                {salon.name}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </MarkdownPage>
  );
}
