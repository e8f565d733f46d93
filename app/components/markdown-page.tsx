import type { ReactNode } from "react";
import type { ContentPage } from "~/modules/content/site-copy.server";
import { PageHeader, Prose } from "./page";

/** A page written in content/pages/*.md: header, then the sanitised body. */
export function MarkdownPage({ page, children }: { page: ContentPage; children?: ReactNode }) {
  return (
    <>
      <PageHeader kicker={page.kicker} heading={page.heading}>
        {page.updated ? <p className="text-base font-semibold">{page.updated}</p> : null}
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <Prose html={page.html} id={page.anchor} className="max-w-3xl text-lg" />
        {children}
      </div>
    </>
  );
}
