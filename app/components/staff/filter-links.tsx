/** A list's filters as links (they name no one, so they may be in the address); the current one marked. */
import { Link } from "react-router";

export function FilterLinks<F extends string>({
  label,
  filters,
  current,
  labels,
  href,
  short,
}: {
  label: string;
  filters: readonly F[];
  current: F;
  labels: Record<F, string>;
  href: (filter: F) => string;
  /** Links a little lower (the applicants' seven lists). */
  short?: boolean;
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {filters.map((f) => (
          <li key={f}>
            <Link
              to={href(f)}
              aria-current={f === current ? "page" : undefined}
              className={`button choice-button ${short ? "min-h-10 " : ""}min-w-0 px-4 py-1 text-sm aria-[current=page]:bg-brass-dark aria-[current=page]:text-chalk`}
            >
              {labels[f]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
