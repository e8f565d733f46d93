import type { ReactNode } from "react";
import type { PictureData } from "~/modules/images/picture-data";
import type { PublicSettings } from "~/modules/site/public-settings";
import { heroOverlayClasses } from "~/modules/site/hero-overlay";
import { Picture } from "./picture";
import { RatingSummary } from "./rating";
import { ReviewFeed, type FeedReview } from "./review-feed";
import { SocialIcons } from "./social-icons";
import { BookNow } from "./page";

/** The dark opening band of the landing and home pages: the h1, booking links, the rating, social links and the review feed. */
export function Hero({
  id,
  kicker,
  settings,
  reviews,
  picture,
  children,
}: {
  id: string;
  kicker: string;
  settings: PublicSettings;
  reviews: FeedReview[];
  /** A photo a manager put on the home page's opening band: shown behind it at its own brightness, with shade only under the words (hero-overlay.ts). */
  picture?: PictureData;
  /** Lines under the heading and the second button. */
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="relative isolate overflow-hidden bg-ink text-chalk">
      {picture ? (
        <div className="absolute inset-0 -z-10">
          <Picture picture={picture} alt="A photo from the academy" widths={[480, 800, 1200]} sizes="100vw" eager className="size-full" />
          <div className={`absolute inset-0 ${heroOverlayClasses.tint}`} />
        </div>
      ) : null}
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:py-24 lg:grid-cols-[1.1fr_1fr]">
        <div className={picture ? `rounded-2xl p-4 sm:p-6 ${heroOverlayClasses.underText}` : undefined}>
          <p className={`text-sm font-semibold tracking-[0.25em] uppercase ${picture ? "text-chalk" : "text-blush"}`}>{kicker}</p>
          <h1 id={`${id}-heading`} className="mt-4 text-4xl sm:text-5xl lg:text-6xl">
            {settings.tagline}
          </h1>
          {children}
          {settings.rating ? <RatingSummary rating={settings.rating} tone="dark" className="mt-6" /> : null}
          <SocialIcons links={settings.social} className="mt-8" />
        </div>
        <ReviewFeed reviews={reviews} panel={picture ? heroOverlayClasses.underText : undefined} />
      </div>
    </section>
  );
}

/** The hero's pair of buttons: book online, and one more. */
export function HeroButtons({ booking, children }: { booking: string; children: ReactNode }) {
  return (
    <div className="mt-8 flex flex-wrap gap-3">
      <BookNow href={booking} className="button bg-blush text-ink hover:bg-chalk" />
      {children}
    </div>
  );
}
