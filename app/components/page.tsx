import type { ReactNode } from "react";
import { Link } from "react-router";
import { phoneHref, splitAtPhones } from "~/modules/site/public-settings";

/** The top of an ordinary page: a small kicker, the one h1, and optional lines beneath. */
export function PageHeader({
  kicker,
  heading,
  children,
}: {
  kicker?: string;
  heading: string;
  children?: ReactNode;
}) {
  return (
    <header className="bg-blush/60">
      <div className="mx-auto max-w-6xl px-4 pt-12 pb-10 sm:pt-16">
        {kicker ? <p className="text-sm font-semibold tracking-[0.2em] text-brass-dark uppercase">{kicker}</p> : null}
        <h1 className="mt-2 max-w-4xl text-4xl sm:text-5xl">{heading}</h1>
        {children ? <div className="mt-4 max-w-2xl text-lg">{children}</div> : null}
      </div>
    </header>
  );
}

/** A page that lists things (posts, the team, offers, products): its words from the studio in the header (and `more` beneath them), then the list. */
export function ListPage({ kicker, text, more, children }: { kicker: string; text: { heading: string; intro: string[] }; more?: ReactNode; children: ReactNode }) {
  return (
    <>
      <PageHeader kicker={kicker} heading={text.heading}>
        <Paragraphs items={text.intro} />
        {more}
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-12">{children}</div>
    </>
  );
}

/** Paragraphs of plain copy. */
export function Paragraphs({ items, className = "" }: { items: string[]; className?: string }) {
  return (
    <div className={`prose-salon ${className}`}>
      {items.map((p) => (
        <p key={p}>
          <PhoneLinks words={p} />
        </p>
      ))}
    </div>
  );
}

/** Content's words, each phone number they give a link that calls it (in the words' own colour, outside `prose-salon`). */
export function PhoneLinks({ words }: { words: string }) {
  return splitAtPhones(words).map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={phoneHref(part)} className="font-semibold underline">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

/** HTML made from Markdown by modules/site (markdown.server.ts; already sanitised). */
export function Prose({ html, id, className = "" }: { html: string; id?: string; className?: string }) {
  return <div id={id} className={`prose-salon ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A band of a long page with its own h2. */
export function Section({
  id,
  title,
  children,
  tone = "plain",
}: {
  id: string;
  title: string;
  children: ReactNode;
  tone?: "plain" | "soft" | "dark";
}) {
  const tones = { plain: "", soft: "bg-blush/50", dark: "bg-ink text-chalk" };
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={tones[tone]}>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <h2 id={`${id}-heading`} className="text-3xl sm:text-4xl">
          {title}
        </h2>
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

/** A link as a button: the main one, or `outline` for the others beside it. */
export function ButtonLink({ to, outline = false, children }: { to: string; outline?: boolean; children: ReactNode }) {
  return (
    <Link to={to} className={outline ? "button button-outline" : "button button-primary"}>
      {children}
    </Link>
  );
}

/** Links as buttons, the first the main one: "Get a quote", then "Meet the team". */
export function ButtonLinks({ links, as: Tag = "div", className }: { links: { to: string; label: string }[]; as?: "div" | "p"; className: string }) {
  return (
    <Tag className={className}>
      {links.map(({ to, label }, i) => (
        <ButtonLink key={to} to={to} outline={i > 0}>
          {label}
        </ButtonLink>
      ))}
    </Tag>
  );
}

/** A table's head: a row of column headings, each with its own classes. */
export function ColumnHeads({ columns, className, rowClassName }: { columns: [label: string, className?: string][]; className?: string; rowClassName?: string }) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {columns.map(([label, cell], i) => (
          <th key={i} scope="col" className={cell}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A section labelled by its own h2. */
export function HeadedSection({
  id,
  title,
  className,
  headingClassName = "text-2xl",
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A link in running text: bold, brass and underlined. */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-semibold text-brass-dark underline">
      {children}
    </Link>
  );
}

/** "Book now" (or other words, "Book a skin test"): a link to a booking page, ours or the booking platform's. */
export function BookNow({ href, className = "button button-primary", children = "Book now" }: { href: string; className?: string; children?: ReactNode }) {
  return (
    <a href={href} rel="noopener" className={className}>
      {children}
    </a>
  );
}

/** A link to another site or to a page here, chosen by its address. */
export function SmartLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  if (/^https?:\/\//.test(href)) {
    return (
      <a href={href} className={className} rel="noopener">
        {children}
      </a>
    );
  }
  return (
    <Link to={href} className={className}>
      {children}
    </Link>
  );
}
