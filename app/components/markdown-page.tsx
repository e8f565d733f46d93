import type { ReactNode } from "react";
import type { PictureData } from "~/modules/images/picture-data";
import { phoneHref } from "~/modules/site/public-settings";
import { formatLongDate } from "~/utils/dates";
import type { ContentPage } from "~/modules/site/site-copy.server";
import { BookNow, ButtonLink, PageHeader, Prose } from "./page";
import { Picture } from "./picture";
import { contactLink } from "./site-nav";

export interface PageSide {
  picture?: PictureData;
  phone: string;
  booking: string;
  /** The booking button's words ("Book now" unless a page says otherwise). */
  bookLabel?: string;
}

/** A page's picture in its side column: on a wide screen only. */
export function SidePicture({ picture }: { picture: PictureData | undefined }) {
  return (
    <Picture
      picture={picture}
      alt=""
      widths={[480, 800]}
      sizes="(min-width: 64rem) 20rem, 90vw"
      className="hidden aspect-[4/3] w-full rounded-2xl lg:block"
    />
  );
}

/** A content page's side column on a wide screen: its picture, and how to book or ask. Under the copy on a phone. */
export function PageSideColumn({ side, children }: { side: PageSide; children?: ReactNode }) {
  return (
    <div className="space-y-6 lg:sticky lg:top-24 lg:self-start">
      <SidePicture picture={side.picture} />
      {children}
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/5">
        <p className="font-display text-xl font-semibold">Questions?</p>
        <p className="mt-2">
          Call us on{" "}
          <a href={phoneHref(side.phone)} className="font-semibold text-brass-dark underline">
            {side.phone}
          </a>{" "}
          or send us a message.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <BookNow href={side.booking}>{side.bookLabel}</BookNow>
          <ButtonLink to={contactLink.to} outline>{contactLink.label}</ButtonLink>
        </div>
      </div>
    </div>
  );
}

/** A page written in content/pages/*.md: header, then the sanitised body, with the side column beside it on a wide screen. */
export function MarkdownPage({ page, side, aside, children }: { page: ContentPage; side: PageSide; aside?: ReactNode; children?: ReactNode }) {
  return (
    <>
      <PageHeader kicker={page.kicker} heading={page.heading}>
        {page.updated ? <p className="text-base font-semibold">{page.updated}</p> : null}
        {page.effective ? (
          <p className="text-base font-semibold">
            Takes effect <time dateTime={page.effective}>{formatLongDate(page.effective)}</time>
          </p>
        ) : null}
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <Prose html={page.html} id={page.anchor} className="max-w-3xl min-w-0 text-lg" />
          <PageSideColumn side={side}>{aside}</PageSideColumn>
        </div>
        {children}
      </div>
    </>
  );
}
