import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import type { PublicSettings } from "~/modules/content/public-settings";
import { moreLinks, primaryLinks, type NavLink as NavEntry } from "./site-nav";

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
 * and work before (or without) JavaScript; a small effect closes them after a
 * choice, on Escape and on a click elsewhere.
 */
export function SiteHeader({ settings }: { settings: PublicSettings }) {
  const header = useRef<HTMLElement>(null);
  const location = useLocation();
  const primary = primaryLinks.filter((l) => !(l.offers && settings.hideOffers));

  useEffect(() => {
    header.current?.querySelectorAll("details[open]").forEach((d) => d.removeAttribute("open"));
  }, [location.pathname, location.hash]);

  useEffect(() => {
    const closeAll = (except?: Element | null) =>
      header.current?.querySelectorAll("details[open]").forEach((d) => d !== except && d.removeAttribute("open"));
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element;
      closeAll(target.closest("details"));
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const open = header.current?.querySelector("details[open]");
      if (!open) return;
      open.removeAttribute("open");
      open.querySelector("summary")?.focus();
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  return (
    <header ref={header} className="sticky top-0 z-40 border-b border-ink/10 bg-chalk/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-2">
        <Link to="/" className="mr-auto inline-flex min-h-11 items-center font-display text-2xl font-semibold tracking-tight">
          {settings.shortName}
          <span className="ml-1.5 font-sans text-xs font-semibold tracking-[0.2em] text-brass-dark uppercase">
            Hair Academy
          </span>
        </Link>
        <nav aria-label="Main" className="flex items-center gap-2">
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
          <details className="lg:hidden">
            <summary className="inline-flex min-h-11 list-none items-center rounded-full border-2 border-ink px-4 font-semibold">
              Menu
            </summary>
            <ul className="absolute inset-x-0 top-full grid gap-1 border-b border-ink/10 bg-chalk p-4 shadow-lg sm:grid-cols-2">
              <NavItems links={[...primary, ...moreLinks]} />
            </ul>
          </details>
        </nav>
        <div className="flex items-center gap-2">
          <Link to="/contact" className="button button-outline hidden sm:inline-flex">
            Contact Us
          </Link>
          <a href={settings.links.booking} className="button button-primary whitespace-nowrap" rel="noopener">
            Book Now
          </a>
        </div>
      </div>
    </header>
  );
}
