import { BannerCarousel } from "~/components/banner-carousel";
import { PageHeader, Paragraphs } from "~/components/page";
import { ScenePicture } from "~/components/picture";
import { getStoreData, listNewsItems } from "~/modules/content/catalogue.server";
import { pageContext } from "~/modules/content/page-context.server";
import { formatBlogDate } from "~/utils/dates";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/online-shop";

export const meta = seoMeta;

/** The spec keeps the first three news items. */
const NEWS_SHOWN = 3;

export async function loader({ context }: Route.LoaderArgs) {
  const { services, settings, copy, seo } = pageContext(context);
  const text = copy.text.shop;
  const [store, news] = await Promise.all([getStoreData(services.db), listNewsItems(services.db)]);
  return {
    text,
    store,
    news: news.slice(0, NEWS_SHOWN),
    shop: settings.links.shop,
    seo: seo({ title: text.title, description: text.description, path: "/online-shop", image: store.banners[0]?.image }),
  };
}

export default function OnlineShop({ loaderData }: Route.ComponentProps) {
  const { text, store, news, shop } = loaderData;
  return (
    <>
      <PageHeader kicker="Shop" heading={text.heading}>
        <Paragraphs items={text.intro} />
        <p className="mt-4">
          <a href={shop} rel="noopener" className="button button-primary">
            SHOP NOW
          </a>
        </p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <BannerCarousel banners={store.banners} label="Shop highlights" />

        <section aria-labelledby="products-heading" className="mt-14">
          <h2 id="products-heading" className="text-3xl">
            Team favourites
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {store.tiles.map((tile) => (
              <li key={tile.url}>
                <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink/5">
                  <ScenePicture
                    src={tile.image}
                    alt=""
                    widths={[480, 800]}
                    sizes="(min-width: 64rem) 22rem, (min-width: 40rem) 45vw, 90vw"
                    className="aspect-[16/9] w-full object-cover"
                  />
                  <div className="flex flex-1 flex-col p-5">
                    <p className="text-sm font-semibold tracking-wide text-sage uppercase">{tile.brand}</p>
                    <h3 className="mt-1 text-xl">{tile.title}</h3>
                    <p className="mt-2 flex-1">{tile.description}</p>
                    <p className="mt-4">
                      <a href={tile.url} rel="noopener" className="button button-primary">
                        SHOP NOW<span className="sr-only">: {tile.title}</span>
                      </a>
                    </p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </section>

        {news.length > 0 ? (
          <section aria-labelledby="news-heading" className="mt-14">
            <h2 id="news-heading" className="text-3xl">
              {text.newsHeading}
            </h2>
            <ul className="mt-6 grid gap-6 md:grid-cols-3">
              {news.map((item) => (
                <li key={item.slug} className="rounded-2xl bg-blush/50 p-6">
                  <h3 className="text-xl">{item.title}</h3>
                  <p className="mt-1 text-sm">
                    <time dateTime={item.date}>{formatBlogDate(item.date)}</time>
                  </p>
                  <p className="mt-3">{item.text}</p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </>
  );
}
