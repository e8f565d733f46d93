import { data, href } from "react-router";
import { CalculatorPage } from "~/components/calculator/parts";
import { StartQuote } from "~/components/calculator/type-choices";
import { TextLink } from "~/components/page";
import { ACADEMY_SALON_ID, findTeamMember, listSalons } from "~/modules/catalogue/catalogue.server";
import { pageContext } from "~/web/page-context.server";
import { startSearch } from "~/modules/pricing/calculator-state";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/prices.$stylist";
import type { RouteFacts } from "~/web/route-facts";

export const handle: RouteFacts = { publicPages: { "/prices/:stylist": {} } };

export const meta = seoMeta;

/** /prices/{stylist}: a fresh quote with one stylist, found by slug. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, seo } = pageContext(context);
  const member = await findTeamMember(services.db, params.stylist);
  if (!member) throw data("No stylist has that name", { status: 404 });
  const { first_name, last_name, slug, salon, taking_new_clients } = member;
  const salonName = (await listSalons(services.db)).find((s) => s.id === salon)?.name ?? "";
  return {
    stylist: {
      first_name,
      last_name,
      slug,
      salon,
      salonName,
      /** Only the academy's own stylists have a profile page. */
      hasProfile: salon === ACADEMY_SALON_ID,
      taking_new_clients,
      level_name: member.level_name,
      image: member.image,
    },
    seo: seo({
      title: `Prices with ${first_name} ${last_name}`,
      description: `See what your cut, colour or men's service would cost with ${first_name} ${last_name}, ${member.level_name} at ${salonName}, and save the quote.`,
      path: href("/prices/:stylist", { stylist: slug }),
      image: member.image,
    }),
  };
}

export default function StylistPrices({ loaderData }: Route.ComponentProps) {
  const { stylist } = loaderData;
  return (
    <CalculatorPage
      eyebrow={stylist.level_name}
      title={`Looking for a price with ${stylist.first_name} ${stylist.last_name}?`}
      lead={<p>Answer one quick question, choose a service, and we'll show you {stylist.first_name}'s prices.</p>}
    >
      <div className="mb-8 flex items-center gap-4">
        <img src={stylist.image} alt="" width={80} height={100} className="h-24 w-20 rounded-xl object-cover" />
        <p>
          {stylist.hasProfile ? (
            <TextLink to={href("/team/:slug", { slug: stylist.slug })}>Read about {stylist.first_name}</TextLink>
          ) : (
            <>
              {stylist.first_name} works at our sister salon, {stylist.salonName}.
            </>
          )}
        </p>
      </div>
      <StartQuote
        href={(type, regular) =>
          `/prices/calculator${startSearch(type, regular, { selector: "Stylist", stylistSlug: stylist.slug, salonId: stylist.salon })}`
        }
      />
    </CalculatorPage>
  );
}
