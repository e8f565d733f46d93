import { data, Link } from "react-router";
import { CalculatorPage } from "~/components/calculator/parts";
import { StartQuote } from "~/components/calculator/type-choices";
import { servicesContext } from "~/context";
import { findTeamMember } from "~/modules/content/catalogue.server";
import { startSearch } from "~/modules/pricing/calculator-state";
import type { Route } from "./+types/prices.stylist";

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData ? `${loaderData.stylist.first_name} ${loaderData.stylist.last_name}` : "your stylist";
  return [{ title: `Prices with ${name} | Base Hair Academy` }];
}

/** /prices/{stylist}: a fresh quote with one stylist, found by slug. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const member = await findTeamMember(context.get(servicesContext).db, params.stylist);
  if (!member) throw data("No stylist has that name", { status: 404 });
  const { first_name, last_name, slug, salon, taking_new_clients } = member;
  return { stylist: { first_name, last_name, slug, salon, taking_new_clients, level_name: member.level_name, image: member.image } };
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
          <Link to={`/team/${stylist.slug}`} className="font-semibold text-brass-dark underline">
            Read about {stylist.first_name}
          </Link>
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
