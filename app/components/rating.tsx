import { ratingCount, ratingMonth, starShapes, starsWords, type Rating } from "~/modules/catalogue/rating";

const STAR = "12,2.5 14.9,8.6 21.5,9.4 16.6,13.9 17.9,20.5 12,17.2 6.1,20.5 7.4,13.9 2.5,9.4 9.1,8.6";
/** The star's left half, for a rating between two whole stars. */
const HALF = "12,2.5 12,17.2 6.1,20.5 7.4,13.9 2.5,9.4 9.1,8.6";

/**
 * Five stars drawn for `value`, to the nearest half. Only a picture: hidden from
 * screen readers, so the words beside them (given by the caller) say the figure.
 */
export function Stars({ value, className = "" }: { value: number; className?: string }) {
  return (
    <span aria-hidden="true" className={`inline-flex shrink-0 gap-0.5 ${className}`}>
      {starShapes(value).map((shape, i) => (
        <svg key={i} viewBox="0 0 24 24" className="size-[1.1em]" focusable="false">
          <polygon points={STAR} fill={shape === "full" ? "currentColor" : "none"} stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
          {shape === "half" ? <polygon points={HALF} fill="currentColor" /> : null}
        </svg>
      ))}
    </span>
  );
}

/** A review's stars: the picture, and "5 out of 5 stars" for those who cannot see it. */
export function ReviewStars({ stars, className = "" }: { stars: number; className?: string }) {
  return (
    <p className={`flex items-center ${className}`}>
      <Stars value={stars} />
      <span className="sr-only">{starsWords(stars)}</span>
    </p>
  );
}

/**
 * The rating the studio keeps: "★★★★★ 4.9 out of 5 from 212 Google reviews, November 2026", the count a link to
 * where it was read. Never marked up for search engines (decision 0066).
 */
export function RatingSummary({ rating, tone = "light", className = "" }: { rating: Rating; tone?: "light" | "dark"; className?: string }) {
  return (
    <p className={`flex flex-wrap items-center gap-x-2 gap-y-1 ${className}`} data-testid="rating">
      <Stars value={rating.value} className={`text-xl ${tone === "dark" ? "text-blush" : "text-brass"}`} />
      <span>
        <strong>{rating.value.toFixed(1)}</strong> out of 5 from{" "}
        <a href={rating.url} rel="noopener" className={`font-semibold underline ${tone === "dark" ? "" : "text-brass-dark"}`}>
          {ratingCount(rating)}
        </a>
        , <time dateTime={rating.read_on}>{ratingMonth(rating.read_on)}</time>
      </span>
    </p>
  );
}
