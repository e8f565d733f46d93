import { useEffect, useState } from "react";
import { useHydrated, usePrefersReducedMotion } from "./client-state";
import { ScenePicture } from "./picture";

export interface Banner {
  image: string;
  url: string;
  alt: string;
  headline: string;
}

const SLIDE_MS = 6000;

/**
 * The shop's banners. One shows at a time; it moves on by itself only while
 * nobody is pointing at or focused in it, never for visitors who prefer
 * reduced motion, and a Pause button stops it. Previous, Next and the numbered
 * buttons work by keyboard. Without JavaScript the first banner shows.
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
      className="relative"
      onMouseEnter={() => setHolding(true)}
      onMouseLeave={() => setHolding(false)}
      onFocus={() => setHolding(true)}
      onBlur={() => setHolding(false)}
    >
      {hydrated && count > 1 ? (
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <button type="button" className="button button-outline min-h-10 px-4 text-sm" onClick={() => setPaused(rotating)}>
            {rotating ? "Pause banners" : "Play banners"}
          </button>
          <button type="button" className="button button-outline min-h-10 px-4 text-sm" onClick={() => go(index - 1)}>
            <span aria-hidden="true">←</span> Previous
          </button>
          <button type="button" className="button button-outline min-h-10 px-4 text-sm" onClick={() => go(index + 1)}>
            Next <span aria-hidden="true">→</span>
          </button>
          <ul className="ml-auto flex gap-1" aria-label="Choose a banner">
            {banners.map((b, i) => (
              <li key={b.url}>
                <button
                  type="button"
                  aria-current={i === index ? "true" : undefined}
                  aria-label={`Banner ${i + 1}: ${b.headline}`}
                  onClick={() => go(i)}
                  className={`inline-flex size-10 items-center justify-center rounded-full border-2 border-ink font-semibold ${i === index ? "bg-ink text-chalk" : ""}`}
                >
                  {i + 1}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div aria-live={rotating && !holding ? "off" : "polite"}>
        {banners.map((banner, i) => (
          <div
            key={banner.url}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            hidden={i !== index}
          >
            <a href={banner.url} rel="noopener" className="group relative block overflow-hidden rounded-2xl">
              <ScenePicture
                src={banner.image}
                alt={banner.alt}
                widths={[480, 800, 1200]}
                sizes="(min-width: 72rem) 72rem, 100vw"
                eager={i === 0}
                className="aspect-[4/3] w-full object-cover sm:aspect-[21/9]"
              />
              <span className="absolute inset-x-0 bottom-0 flex flex-wrap items-end justify-between gap-3 bg-ink/80 p-4 text-chalk sm:p-6">
                <span className="font-display text-2xl sm:text-3xl">{banner.headline}</span>
                <span className="font-semibold underline group-hover:no-underline">Shop now</span>
              </span>
            </a>
          </div>
        ))}
      </div>
    </section>
  );
}
