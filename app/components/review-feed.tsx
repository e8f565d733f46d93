import { href } from "react-router";
import type { StarredReview } from "~/modules/catalogue/entities";
import { limitText } from "~/utils/text";
import { ROTATOR_SCRIPT } from "~/utils/plain-scripts";
import { ReviewStars } from "./rating";

/** A review with its place on /reviews, where it is read in full. */
export type FeedReview = StarredReview & { position: number };

/** The spec's review feed: a new random review every 7 seconds, text cut at 180 characters. */
export const REVIEW_INTERVAL_MS = 7000;
export const REVIEW_LENGTH = 180;

/**
 * Client reviews in the hero. The server sends them all, the first showing;
 * a few lines of inline script (plain-scripts.ts, no framework) show a random
 * other one every 7 seconds. It never moves for visitors who prefer reduced
 * motion, and anyone can pause it or step through by hand. Without
 * JavaScript the first review stays. Each one links to itself in full on
 * /reviews.
 */
export function ReviewFeed({ reviews, panel }: { reviews: FeedReview[]; /** Over a photo: the shade under the words, and chalk for the name. */ panel?: string }) {
  if (reviews.length === 0) return null;
  return (
    <>
      <div data-rotate={REVIEW_INTERVAL_MS} data-random="" className={`max-w-2xl rounded-2xl p-6 ring-1 ring-chalk/20 ${panel ?? "bg-chalk/10"}`}>
        <h2 className="sr-only">What our clients say</h2>
        <div aria-live="polite" aria-atomic="true">
          {reviews.map((review, i) => (
            <div key={i} data-slide="" hidden={i > 0}>
              <figure>
                {review.stars ? <ReviewStars stars={review.stars} className="mb-2 text-blush" /> : null}
                <blockquote className="font-display text-xl leading-snug sm:text-2xl">
                  <p>“{limitText(review.review, REVIEW_LENGTH)}”</p>
                </blockquote>
                <figcaption className={`mt-3 text-sm ${panel ? "text-chalk" : "text-blush"}`}>
                  {review.client}, on a visit with {review.stylist}
                </figcaption>
              </figure>
              <p className="mt-3">
                <a href={`${href("/reviews")}#review-${review.position}`} className="inline-flex min-h-10 items-center text-sm font-semibold underline">
                  Read the whole review<span className="sr-only"> from {review.client}</span>
                </a>
              </p>
            </div>
          ))}
        </div>
        {reviews.length > 1 ? (
          <div data-controls="" hidden className="mt-4 flex flex-wrap gap-2">
            <button type="button" data-pause="" className="button button-outline min-h-10 px-4 text-sm whitespace-nowrap">
              <span data-playing="">Pause reviews</span>
              <span data-paused="" hidden>
                Play reviews
              </span>
            </button>
            <button type="button" data-next="" className="button button-outline min-h-10 px-4 text-sm whitespace-nowrap">
              Another review
            </button>
          </div>
        ) : null}
      </div>
      {reviews.length > 1 ? <script dangerouslySetInnerHTML={{ __html: ROTATOR_SCRIPT }} /> : null}
    </>
  );
}
