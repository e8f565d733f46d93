import { useNonce } from "./nonce";

/** schema.org data for search engines, in a script tag that carries the CSP nonce. */
export function JsonLd({ data }: { data: object }) {
  const nonce = useNonce();
  // "<" is escaped so text in the data can never close the script tag.
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return <script type="application/ld+json" nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: json }} />;
}
