import { href } from "react-router";
import { ButtonLinks, PageHeader, Paragraphs } from "./page";

const endLinks = "mx-auto flex max-w-6xl flex-wrap gap-3 px-4 py-12";
const getAQuote = { to: href("/prices"), label: "Get a quote" };

/** What every offer page shows while the offers are hidden (by staff, or because none runs today). */
export function NoOffers({ text }: { text: string[] }) {
  const [heading = "Check back soon!", ...rest] = text;
  return (
    <>
      <PageHeader kicker="Offers" heading={heading}>
        <Paragraphs items={rest} />
      </PageHeader>
      <ButtonLinks className={endLinks} links={[{ to: href("/team"), label: "Meet the team" }, getAQuote]} />
    </>
  );
}

/** An offer that has not started yet or has ended: what it was called, when it runs or ran, and the way to what runs now. */
export function OfferNotRunning({ title, when, words }: { title: string; when: string; words: string[] }) {
  const [kicker = "Offers", ...rest] = words;
  return (
    <>
      <PageHeader kicker={kicker} heading={title}>
        <p className="font-semibold">{when}</p>
        <Paragraphs items={rest} className="mt-3" />
      </PageHeader>
      <ButtonLinks className={endLinks} links={[{ to: href("/offers"), label: "See the current offers" }, getAQuote]} />
    </>
  );
}
