import { useEffect, useState, type ReactNode } from "react";
import type { PictureData } from "~/modules/images/picture-data";
import type { StoreData } from "~/modules/site/shop.server";
import { useHydrated, usePrefersReducedMotion } from "./client-state";
import { Picture } from "./picture";

export type Banner = Omit<StoreData["banners"][number], "image"> & { picture?: PictureData };

const SLIDE_MS = 6000;

/** A small round control: an icon with its name for screen readers. */
function Control({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="inline-flex size-10 items-center justify-center rounded-full text-ink hover:bg-ink/10"
    >
      <svg viewBox="0 0 20 20" aria-hidden="true" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        {children}
      </svg>
    </button>
  );
}

/**
 * The shop's banners. One shows at a time; it moves on by itself only while
 * nobody is pointing at or focused in it, never for visitors who prefer
 * reduced motion, and a pause button stops it. The controls sit quietly
 * under the picture and work by keyboard. Without JavaScript the first banner
 * shows.
 */
export function BannerCarousel({ banners, label }: { banners: Banner[]; label: string }) {
  const hydrated = useHydrated();
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState<boolean | null>(null);
  const [holding, setHolding] = useState(false);
  const count = banners.length;
  const rotating = hydrated && count > 1 && !(paused ?? reducedMotion);

  useEffect(() => {
    if (!rotating || holding) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), SLIDE_MS);
    return () => clearInterval(timer);
  }, [rotating, holding, count]);

  if (count === 0) return null;
  const go = (i: number) => setIndex((i + count) % count);
  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHolding(true)}
      onMouseLeave={() => setHolding(false)}
      onFocus={() => setHolding(true)}
      onBlur={() => setHolding(false)}
    >
      <div aria-live={rotating && !holding ? "off" : "polite"}>
        {banners.map((banner, i) => (
          <div key={banner.url} role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${count}`} hidden={i !== index}>
            <a href={banner.url} rel="noopener" className="group relative block overflow-hidden rounded-2xl">
              {banner.picture ? (
                <Picture
                  picture={banner.picture}
                  alt={banner.alt}
                  widths={[480, 800, 1200]}
                  sizes="(min-width: 72rem) 72rem, 100vw"
                  eager={i === 0}
                  className="aspect-[4/3] w-full sm:aspect-[21/9]"
                />
              ) : null}
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
      {hydrated && count > 1 ? (
        <div className="mt-2 flex items-center justify-center gap-1">
          <Control label="Previous banner" onClick={() => go(index - 1)}>
            <path d="M12.5 4.5 7 10l5.5 5.5" />
          </Control>
          <ul className="flex items-center" aria-label="Choose a banner">
            {banners.map((b, i) => (
              <li key={b.url}>
                <button
                  type="button"
                  aria-current={i === index ? "true" : undefined}
                  aria-label={`Banner ${i + 1}: ${b.headline}`}
                  onClick={() => go(i)}
                  className="group/dot inline-flex size-8 items-center justify-center rounded-full"
                >
                  <span
                    aria-hidden="true"
                    className={`block size-2.5 rounded-full transition-colors ${i === index ? "bg-ink" : "bg-ink/25 group-hover/dot:bg-ink/50"}`}
                  />
                </button>
              </li>
            ))}
          </ul>
          <Control label="Next banner" onClick={() => go(index + 1)}>
            <path d="m7.5 4.5 5.5 5.5-5.5 5.5" />
          </Control>
          <Control label={rotating ? "Pause banners" : "Play banners"} onClick={() => setPaused(rotating)}>
            {rotating ? <path d="M7 4.5v11M13 4.5v11" /> : <path d="M6.5 4.5v11l9-5.5z" />}
          </Control>
        </div>
      ) : null}
    </section>
  );
}
