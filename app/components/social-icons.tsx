/** Simple line glyphs for the social links, drawn in the current text colour. */
function Glyph({ name }: { name: string }) {
  const common = { fill: "none", stroke: "currentColor", strokeWidth: 2, strokeLinecap: "round", strokeLinejoin: "round" } as const;
  switch (name.toLowerCase()) {
    case "instagram":
      return (
        <g {...common}>
          <rect x="3" y="3" width="18" height="18" rx="5" />
          <circle cx="12" cy="12" r="4" />
          <circle cx="17.5" cy="6.5" r="0.5" />
        </g>
      );
    case "facebook":
      return <path {...common} d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v6h4v-6h3l1-4h-4V8a0 0 0 0 1 0 0z" />;
    case "tiktok":
      return <path {...common} d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.5 3 2.5 5 5.5 5" />;
    case "youtube":
      return (
        <g {...common}>
          <rect x="2" y="5" width="20" height="14" rx="4" />
          <path d="M10 9l5 3-5 3z" />
        </g>
      );
    default:
      return <circle {...common} cx="12" cy="12" r="8" />;
  }
}

/** Round icon links to the salon's social pages; each is named for screen readers. */
export function SocialIcons({ links, className = "" }: { links: { name: string; url: string }[]; className?: string }) {
  return (
    <ul className={`flex flex-wrap gap-3 ${className}`} aria-label="Follow us">
      {links.map((s) => (
        <li key={s.name}>
          <a
            href={s.url}
            rel="noopener"
            aria-label={s.name}
            title={s.name}
            className="inline-flex size-11 items-center justify-center rounded-full border-2 border-current hover:bg-current/10"
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <Glyph name={s.name} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
