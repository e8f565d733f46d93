import { href, Link } from "react-router";
import { formatAddress, phoneHref, type PublicSettings } from "~/modules/site/public-settings";
import { contactLink } from "./site-nav";
import { HeadedSection } from "./page";

/** The week's hours; `today` (a day's name) marks that day, in words as well as in weight. */
export function OpeningHours({ settings, today }: { settings: PublicSettings; today?: string }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
      {settings.hours.map((h) => (
        <div key={h.day} className="contents" data-today={h.day === today ? "" : undefined}>
          <dt className={h.day === today ? "font-bold" : undefined}>
            {h.day}
            {h.day === today ? " (today)" : null}
          </dt>
          <dd className={h.day === today ? "font-bold" : undefined}>{h.label}</dd>
        </div>
      ))}
    </dl>
  );
}

export function SiteFooter({ settings }: { settings: PublicSettings }) {
  return (
    <footer className="bg-ink text-chalk">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-3">
        <HeadedSection id="footer-visit" title="Visit us" headingClassName="text-xl">
          <address className="mt-3 not-italic">
            {settings.name}
            <br />
            {formatAddress(settings)}
          </address>
          <p className="mt-3">
            <a href={phoneHref(settings.phone)} className="inline-flex min-h-6 underline">
              {settings.phone}
            </a>
          </p>
          <p className="mt-4">
            <Link to={contactLink.to} className="button border-2 border-chalk hover:bg-chalk hover:text-ink">
              {contactLink.label}
            </Link>
          </p>
        </HeadedSection>
        <HeadedSection id="footer-hours" title="Opening hours" headingClassName="text-xl">
          <div className="mt-3">
            <OpeningHours settings={settings} />
          </div>
        </HeadedSection>
        <HeadedSection id="footer-more" title="Stay in touch" headingClassName="text-xl">
          <ul className="mt-3 space-y-1">
            {settings.social.map((s) => (
              <li key={s.name}>
                <a href={s.url} rel="noopener" className="inline-flex min-h-6 underline">
                  {s.name}
                </a>
              </li>
            ))}
            {[{ to: href("/policies"), label: "Policies" }, { to: href("/privacy"), label: "Privacy" }].map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-flex min-h-6 underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </HeadedSection>
      </div>
      <p className="border-t border-chalk/20 px-4 py-4 text-center text-sm">
        © {settings.name}, {settings.town}. Part of a group of three salons.
      </p>
    </footer>
  );
}
