import { BannerCarousel } from "~/components/banner-carousel";
import { HeadedSection, ListPage } from "~/components/page";
import { Picture } from "~/components/picture";
import { listPublicNews } from "~/modules/site-switches/news.server";
import { getStoreData } from "~/modules/site/shop.server";
import { pageContext } from "~/web/page-context.server";
import { formatBlogDate } from "~/utils/dates";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/online-shop";
import { contentPageAt } from "~/web/route-facts";

export const handle = contentPageAt({ "/online-shop": {} });

export const meta = seoMeta;

/** The spec keeps the first three news items. */
const NEWS_SHOWN = 3;

export async function loader({ context }: Route.LoaderArgs) {
  const { services, settings, copy, seo, picture, now } = pageContext(context);
  const text = copy.text.shop;
  const [store, news] = await Promise.all([getStoreData(services.db), listPublicNews(services.db, now)]);
  return {
    text,
    banners: store.banners.map(({ image, ...banner }) => ({ ...banner, picture: picture(image) })),
    tiles: store.tiles.map(({ image, ...tile }) => ({ ...tile, picture: picture(image) })),
    news: news.slice(0, NEWS_SHOWN).map(({ image, ...item }) => ({ ...item, picture: picture(image) })),
    shop: settings.links.shop,
    seo: seo({ title: text.title, description: text.description, path: "/online-shop", image: store.banners[0]?.image }),
  };
}

export default function OnlineShop({ loaderData }: Route.ComponentProps) {
  const { text, banners, tiles, news, shop } = loaderData;
  return (
    <ListPage
      kicker="Shop"
      text={text}
      more={
        <p className="mt-4">
          <a href={shop} rel="noopener" className="button button-primary">
            Shop now
          </a>
        </p>
      }
    >
      <BannerCarousel banners={banners} label="Shop highlights" />

      <HeadedSection id="products-heading" title="Team favourites" className="mt-14" headingClassName="text-3xl">
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {tiles.map((tile) => (
            <li key={tile.url}>
              <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink/5">
                <Picture
                  picture={tile.picture}
                  alt=""
                  widths={[480, 800]}
                  sizes="(min-width: 64rem) 22rem, (min-width: 40rem) 45vw, 90vw"
                  className="aspect-[16/9] w-full"
                />
                <div className="flex flex-1 flex-col p-5">
                  <p className="text-sm font-semibold tracking-wide text-sage uppercase">{tile.brand}</p>
                  <h3 className="mt-1 text-xl">{tile.title}</h3>
                  <p className="mt-2 flex-1">{tile.description}</p>
                  <p className="mt-4">
                    <a href={tile.url} rel="noopener" className="button button-primary">
                      Shop now<span className="sr-only">: {tile.title}</span>
                    </a>
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </HeadedSection>

      {news.length > 0 ? (
        <HeadedSection id="news-heading" title={text.newsHeading} className="mt-14" headingClassName="text-3xl">
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {news.map((item) => (
              <li key={item.slug} className="overflow-hidden rounded-2xl bg-blush/50">
                <Picture
                  picture={item.picture}
                  alt=""
                  widths={[480, 800]}
                  sizes="(min-width: 48rem) 30vw, 90vw"
                  className="aspect-[16/9] w-full"
                />
                <div className="p-6">
                  <h3 className="text-xl break-words">{item.title}</h3>
                  <p className="mt-1 text-sm">
                    <time dateTime={item.date}>{formatBlogDate(item.date)}</time>
                  </p>
                  <p className="mt-3 break-words">{item.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </HeadedSection>
      ) : null}
    </ListPage>
  );
}
