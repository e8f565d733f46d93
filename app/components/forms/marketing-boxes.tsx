/**
 * The two marketing boxes (offers by email, by text), unticked unless the
 * visitor ticks them, with the very words the database keeps with a consent
 * (app/modules/marketing/consent-words.ts).
 */
import type { FieldMetadata } from "@conform-to/react";
import { CheckboxField } from "~/components/forms/field-kit";
import { MARKETING_WORDS } from "~/modules/marketing/consent-words";

type Box = FieldMetadata<boolean | string | undefined>;

export function MarketingBoxes({ email, sms }: { email: Box; sms: Box }) {
  return (
    <fieldset className="space-y-3">
      <legend className="font-semibold">Offers from us (optional)</legend>
      <CheckboxField meta={email} label={MARKETING_WORDS.email} />
      <CheckboxField meta={sms} label={MARKETING_WORDS.sms} />
    </fieldset>
  );
}
