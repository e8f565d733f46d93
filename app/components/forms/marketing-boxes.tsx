/**
 * The two marketing boxes (offers by email, by text), unticked unless the
 * visitor ticks them, with the very words the database keeps with a consent
 * (app/modules/marketing/consent-words.ts).
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { MARKETING_WORDS } from "~/modules/marketing/consent-words";

type Box = FieldMetadata<boolean | string | undefined>;

export function MarketingBoxes({ email, sms }: { email: Box; sms: Box }) {
  return (
    <fieldset className="space-y-3">
      <legend className="font-semibold">Offers from us (optional)</legend>
      {[
        { field: email, words: MARKETING_WORDS.email },
        { field: sms, words: MARKETING_WORDS.sms },
      ].map(({ field, words }) => (
        <div key={field.name} className="flex items-start gap-3">
          <input {...getInputProps(field, { type: "checkbox", value: "on" })} key={field.key} className="mt-1 size-6 shrink-0 accent-brass-dark" />
          <label htmlFor={field.id}>{words}</label>
        </div>
      ))}
    </fieldset>
  );
}
