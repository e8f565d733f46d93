import { href, Link, NavLink } from "react-router";
import type { PublicSettings } from "~/modules/site/public-settings";
import { MENU_SCRIPT } from "~/utils/plain-scripts";
import { contactLink, moreLinks, primaryLinks, type NavLink as NavEntry } from "./site-nav";
import { bookingGuideHref } from "~/modules/site/public-settings";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded px-2 py-1 hover:text-brass-dark ${isActive ? "font-semibold underline decoration-2" : ""}`;

function NavItems({ links }: { links: NavEntry[] }) {
  return links.map((link) => (
    <li key={link.to}>
      <NavLink to={link.to} end={link.to === "/"} className={linkClass}>
        {link.label}
      </NavLink>
    </li>
  ));
}

/**
 * The navigation bar. Menus are <details> elements, so they open by keyboard
 * and work without JavaScript; a few lines of inline script (plain-scripts.ts)
 * close them on Escape and on a click elsewhere. A choice loads a new page.
 */
export function SiteHeader({ settings }: { settings: PublicSettings }) {
  const primary = primaryLinks.filter((l) => !(l.offers && settings.hideOffers));
  // What follows the short name in the full one ("Hair Academy" of "Base Hair Academy"), set small beside it.
  const { name, shortName } = settings;
  const rest = name.startsWith(shortName) ? name.slice(shortName.length).trim() : "";
  return (
    <header className="sticky top-0 z-40 border-b border-ink/10 bg-chalk/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-3 py-2 sm:gap-4 sm:px-4">
        <Link
          to={href("/")}
          className="mr-auto flex min-h-11 min-w-0 flex-col justify-center leading-none sm:flex-row sm:items-baseline"
        >
          <span className="truncate font-display text-xl font-semibold tracking-tight sm:text-2xl">{settings.shortName}</span>
          {/* Not shown (the two sit in a flex box), but it keeps the link's name "Base Hair Academy", not "BaseHair Academy". */}{" "}
          {rest ? (
            <span className="mt-1 truncate font-sans text-[0.625rem] font-semibold tracking-[0.12em] text-brass-dark uppercase sm:mt-0 sm:ml-1.5 sm:text-xs sm:tracking-[0.2em]">
              {rest}
            </span>
          ) : null}
        </Link>
        <nav aria-label="Main" className="flex items-center">
          <ul className="hidden items-center gap-1 lg:flex">
            <NavItems links={primary} />
            <li className="relative">
              <details>
                <summary className="inline-flex min-h-11 list-none items-center gap-1 rounded px-2 py-1 hover:text-brass-dark">
                  More <span aria-hidden="true">▾</span>
                </summary>
                <ul className="absolute right-0 mt-2 w-52 rounded-lg border border-ink/10 bg-white p-2 shadow-lg">
                  <NavItems links={moreLinks} />
                </ul>
              </details>
            </li>
          </ul>
          <details className="group lg:hidden">
            <summary className="inline-flex min-h-11 min-w-11 list-none items-center justify-center gap-2 rounded-full border-2 border-ink px-3 text-sm font-semibold sm:px-4 sm:text-base">
              <MenuGlyph />
              <span className="max-[359px]:sr-only">Menu</span>
            </summary>
            <ul className="absolute inset-x-0 top-full grid max-h-[calc(100dvh-4rem)] gap-1 overflow-y-auto border-b border-ink/10 bg-chalk p-4 shadow-lg sm:grid-cols-2">
              <NavItems links={[...primary, ...moreLinks, contactLink]} />
            </ul>
          </details>
        </nav>
        <div className="flex shrink-0 items-center gap-2">
          <Link to={contactLink.to} className="button button-outline hidden md:inline-flex">
            {contactLink.label}
          </Link>
          <a
            href={bookingGuideHref()}
            className="button button-primary px-3.5 text-sm whitespace-nowrap sm:px-5 sm:text-base"
          >
            Book now
          </a>
        </div>
      </div>
      <script dangerouslySetInnerHTML={{ __html: MENU_SCRIPT }} />
    </header>
  );
}

/** Three lines, or a cross while the menu is open. */
function MenuGlyph() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M3 5h14M3 10h14M3 15h14" className="group-open:hidden" />
      <path d="M5 5l10 10M15 5L5 15" className="hidden group-open:block" />
    </svg>
  );
}
