import type { ReactNode } from "react";
import type { PictureData } from "~/modules/images/picture-data";
import type { StoreData } from "~/modules/site/shop.server";
import { Picture } from "./picture";
import { ROTATOR_SCRIPT } from "~/utils/plain-scripts";

export type Banner = Omit<StoreData["banners"][number], "image"> & { picture?: PictureData };

const SLIDE_MS = 6000;

/** A small round control: an icon with its name for screen readers. */
function Control({ label, children, ...data }: { label: string; children: ReactNode } & Record<`data-${string}`, string>) {
  return (
    <button type="button" aria-label={label} {...data} className="inline-flex size-10 items-center justify-center rounded-full text-ink hover:bg-ink/10">
      <Icon>{children}</Icon>
    </button>
  );
}

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      {children}
    </svg>
  );
}

/**
 * The shop's banners. One shows at a time; it moves on by itself only while
 * nobody is pointing at or focused in it, never for visitors who prefer
 * reduced motion, and a pause button stops it. The controls sit quietly
 * under the picture and work by keyboard. The page runs no framework: a few
 * lines of inline script do this (plain-scripts.ts). Without JavaScript the
 * first banner shows.
 */
export function BannerCarousel({ banners, label }: { banners: Banner[]; label: string }) {
  const count = banners.length;
  if (count === 0) return null;
  return (
    <>
      <section aria-roledescription="carousel" aria-label={label} data-rotate={SLIDE_MS} data-hold="">
        <div aria-live="polite">
          {banners.map((banner, i) => (
            <div key={banner.url} role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${count}`} data-slide="" hidden={i !== 0}>
              <a href={banner.url} rel="noopener" className="group relative block overflow-hidden rounded-2xl">
                <Picture
                  picture={banner.picture}
                  alt={banner.alt}
                  widths={[480, 800, 1200]}
                  sizes="(min-width: 72rem) 72rem, 100vw"
                  eager={i === 0}
                  className="aspect-[4/3] w-full sm:aspect-[21/9]"
                />
                <span className="absolute bottom-3 left-3 flex max-w-[calc(100%-1.5rem)] flex-col rounded-xl bg-chalk/90 px-3 py-2 text-ink shadow-sm sm:bottom-6 sm:left-6 sm:px-5 sm:py-3">
                  <span className="font-display text-lg sm:text-2xl">{banner.headline}</span>
                  <span className="text-sm font-semibold text-brass-dark underline group-hover:no-underline">
                    Shop now <span aria-hidden="true">→</span>
                  </span>
                </span>
              </a>
            </div>
          ))}
        </div>
        {count > 1 ? (
          <div data-controls="" hidden className="mt-2 flex items-center justify-center gap-1">
            <Control label="Previous banner" data-prev="">
              <path d="M12.5 4.5 7 10l5.5 5.5" />
            </Control>
            <ul className="flex items-center" aria-label="Choose a banner">
              {banners.map((b, i) => (
                <li key={b.url}>
                  <button
                    type="button"
                    aria-current={i === 0 ? "true" : undefined}
                    aria-label={`Banner ${i + 1}: ${b.headline}`}
                    data-go={String(i)}
                    className="group/dot inline-flex size-8 items-center justify-center rounded-full"
                  >
                    <span
                      aria-hidden="true"
                      className="block size-2.5 rounded-full bg-ink/25 transition-colors group-hover/dot:bg-ink/50 group-aria-[current=true]/dot:bg-ink"
                    />
                  </button>
                </li>
              ))}
            </ul>
            <Control label="Next banner" data-next="">
              <path d="m7.5 4.5 5.5 5.5-5.5 5.5" />
            </Control>
            <button type="button" data-pause="" className="inline-flex size-10 items-center justify-center rounded-full text-ink hover:bg-ink/10">
              <span data-playing="">
                <Icon>
                  <path d="M7 4.5v11M13 4.5v11" />
                </Icon>
                <span className="sr-only">Pause banners</span>
              </span>
              <span data-paused="" hidden>
                <Icon>
                  <path d="M6.5 4.5v11l9-5.5z" />
                </Icon>
                <span className="sr-only">Play banners</span>
              </span>
            </button>
          </div>
        ) : null}
      </section>
      {count > 1 ? <script dangerouslySetInnerHTML={{ __html: ROTATOR_SCRIPT }} /> : null}
    </>
  );
}
