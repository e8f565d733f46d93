import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import type { Review } from "~/modules/catalogue/entities";
import { limitText } from "~/utils/text";
import { useHydrated, usePrefersReducedMotion } from "./client-state";

/** A review with its place on /reviews, where it is read in full. */
export type FeedReview = Review & { position: number };

/** The spec's review feed: a new random review every 7 seconds, text cut at 180 characters. */
export const REVIEW_INTERVAL_MS = 7000;
export const REVIEW_LENGTH = 180;

function randomOther(current: number, count: number): number {
  if (count < 2) return 0;
  const next = Math.floor(Math.random() * (count - 1));
  return next >= current ? next + 1 : next;
}

/**
 * Client reviews in the hero. The server sends the first; in the browser a
 * random one follows every 7 seconds. It never moves for visitors who prefer
 * reduced motion, and anyone can pause it or step through by hand. Each one
 * links to itself in full on /reviews.
 */
export function ReviewFeed({ reviews }: { reviews: FeedReview[] }) {
  const hydrated = useHydrated();
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState<boolean | null>(null);
  const playing = hydrated && reviews.length > 1 && !(paused ?? reducedMotion);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setIndex((i) => randomOther(i, reviews.length)), REVIEW_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [playing, reviews.length]);

  const figureId = useId();
  const review = reviews[index];
  if (!review) return null;
  return (
    <div className="max-w-2xl rounded-2xl bg-chalk/10 p-6 ring-1 ring-chalk/20">
      <h2 className="sr-only">What our clients say</h2>
      <figure id={figureId} aria-live={playing ? "off" : "polite"} aria-atomic="true">
        <blockquote className="font-display text-xl leading-snug sm:text-2xl">
          <p>“{limitText(review.review, REVIEW_LENGTH)}”</p>
        </blockquote>
        <figcaption className="mt-3 text-sm text-blush">
          {review.client}, on a visit with {review.stylist}
        </figcaption>
      </figure>
      <p className="mt-3">
        <Link to={`/reviews#review-${review.position}`} className="inline-flex min-h-10 items-center text-sm font-semibold underline">
          Read the whole review<span className="sr-only"> from {review.client}</span>
        </Link>
      </p>
      {hydrated && reviews.length > 1 ? (
        <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label="Client reviews">
          <button
            type="button"
            className="button button-outline min-h-10 px-4 text-sm whitespace-nowrap"
            aria-controls={figureId}
            onClick={() => setPaused(playing)}
          >
            {playing ? "Pause reviews" : "Play reviews"}
          </button>
          <button
            type="button"
            className="button button-outline min-h-10 px-4 text-sm whitespace-nowrap"
            aria-controls={figureId}
            onClick={() => setIndex((i) => randomOther(i, reviews.length))}
          >
            Another review
          </button>
        </div>
      ) : null}
    </div>
  );
}
