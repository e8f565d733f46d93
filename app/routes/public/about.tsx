import { JsonLd } from "~/components/json-ld";
import { MarkdownPage } from "~/components/markdown-page";
import { Picture } from "~/components/picture";
import { markdownPage, pageContext } from "~/web/page-context.server";
import { ACADEMY_SALON_ID } from "~/modules/catalogue/catalogue.server";
import { imagePaths } from "~/modules/catalogue/image-paths";
import { listSalonSites } from "~/modules/catalogue/salons.server";
import { hairSalonData } from "~/modules/seo/structured-data";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/about";
import { HeadedSection } from "~/components/page";
import { contentPageAt } from "~/web/route-facts";

export const handle = contentPageAt({ "/about": {} });

export const meta = seoMeta;

export async function loader({ context }: Route.LoaderArgs) {
  const { services, settings, picture } = pageContext(context);
  const salons = await listSalonSites(services.db);
  const page = markdownPage(context, "about", "/about");
  return {
    ...page,
    // Beside the story: the academy itself.
    side: { ...page.side, picture: picture(imagePaths.salonImage(ACADEMY_SALON_ID)) },
    salons: salons.map(({ logo, ...salon }) => ({ ...salon, logo: picture(logo) })),
    salonData: hairSalonData(settings, services.config.publicUrl, salons),
  };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { page, side, salons, salonData } = loaderData;
  return (
    <MarkdownPage page={page} side={{ ...side, bookLabel: "Book here" }}>
      <JsonLd data={salonData} />
      <HeadedSection id="salons-heading" title="Our three salons" className="mt-14" headingClassName="text-2xl sm:text-3xl">
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {salons.map((salon) => (
            <li key={salon.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/5">
              <a
                href={salon.website}
                rel={salon.website.startsWith("http") ? "noopener" : undefined}
                className="flex min-h-11 flex-col items-start gap-2 font-semibold underline"
              >
                <Picture picture={salon.logo} alt="" widths={[320, 640]} sizes="16rem" className="w-full max-w-64" />
                {salon.name}
              </a>
            </li>
          ))}
        </ul>
      </HeadedSection>
    </MarkdownPage>
  );
}
