import type { ReactNode } from "react";

/** A content page's frame: the one h1, an optional lead paragraph, then the page. */
export function PageShell({ title, lead, children, eyebrow }: { title: string; lead?: ReactNode; eyebrow?: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      {eyebrow ? <p className="text-sm font-semibold tracking-[0.2em] text-sage uppercase">{eyebrow}</p> : null}
      <h1 className="mt-2 text-4xl sm:text-5xl">{title}</h1>
      {lead ? <div className="mt-5 text-lg">{lead}</div> : null}
      <div className="mt-10">{children}</div>
    </div>
  );
}
