import { getFormProps, useForm } from "@conform-to/react";
import { useLoaderData, useLocation } from "react-router";
import type { z } from "zod";
import { CalculatorPage, LevelNotOffered, QuoteLines, RegularQuestion, SkinTestNote, StylistSummary } from "~/components/calculator/parts";
import { useCalculator } from "~/components/calculator/use-calculator";
import { ErrorList, ErrorSummary, Field, SelectField, summaryErrors } from "~/components/forms/field-kit";
import { actionHeaders } from "~/components/forms/form-route";
import { MarketingBoxes } from "~/components/forms/marketing-boxes";
import { MOBILE_HINT, Privacy } from "~/components/forms/public-forms";
import { SEND_ONCE_SCRIPT } from "~/utils/plain-scripts";
import { TOKEN_FIELD } from "~/modules/submissions/names";
import { typeLabels } from "~/modules/pricing/calculator-state";
import { quoteHasColour } from "~/modules/pricing/pricing";
import { referralOptions, type quoteFinishSchema } from "~/modules/quotes/quote-schema";
import { quotePromise } from "~/modules/quotes/quote-words";
import { withArticle } from "~/utils/articles";
import { guardedLoader } from "~/web/calculator-guard";
import { titleMeta } from "~/utils/seo";
import { finishAction, finishLoader } from "~/web/finish-action.server";
import type { Route } from "./+types/prices.finish";
import { ButtonLink, HeadedSection, TextLink } from "~/components/page";

export const meta = titleMeta("Save your quote");

/** The guard, and the signed token the form sends back (app/web/finish-action.server.ts). */
export const loader = (args: Route.LoaderArgs) => {
  guardedLoader(args);
  return finishLoader(args);
};

/** Saves the quote: the visitor's details from the form, the choices from the address (app/web/finish-action.server.ts). */
export const action = (args: Route.ActionArgs) => finishAction(args);

export const headers = actionHeaders;

/** /prices/finish: the quote, then the form that saves it. */
export default function Finish({ actionData }: Route.ComponentProps) {
  const { catalogue, state, href } = useCalculator();
  const { level, stylist } = state;
  const back = state.stylist ? "/prices/total-by-stylist" : "/prices/total-by-level";
  // A post the action refused before the form is drawn (an address that does not finish the quote): its reason.
  const refusal = actionData?.error?.[""]?.[0];
  const refused = refusal ? <ErrorList errors={[refusal]} className="mb-6" /> : null;

  if (!state.complete || !level) {
    return (
      <CalculatorPage eyebrow={typeLabels[state.type]} title="Your quote isn't quite finished">
        {refused}
        <LevelNotOffered state={state} />
        <p>Choose your services, then come back here to save your quote.</p>
        <p className="mt-6">
          <ButtonLink to={href({}, "/prices/calculator")}>Back to the calculator</ButtonLink>
        </p>
      </CalculatorPage>
    );
  }

  // Asked once, on /prices, and carried in the address; only an address made by hand arrives without it.
  if (state.regular === undefined) {
    return (
      <CalculatorPage eyebrow={typeLabels[state.type]} title="One question before you save">
        {refused}
        <RegularQuestion current={undefined} href={(regular) => href({ regular })} />
      </CalculatorPage>
    );
  }

  const who = withArticle(level.name);
  return (
    <CalculatorPage
      eyebrow={typeLabels[state.type]}
      title="Save your quote"
      lead={<p>Check your quote, then tell us where to send it. We'll email you the full quote and text you a link to it.</p>}
    >
      <div className="grid gap-8 lg:grid-cols-[22rem_1fr] lg:items-start">
        <HeadedSection id="summary-heading" title="Your quote" className="rounded-2xl bg-white p-5 ring-1 ring-ink/10 sm:p-6" headingClassName="text-xl">
          <div className="mt-3">
            {stylist ? (
              <StylistSummary
                image={stylist.image}
                name={`${stylist.first_name} ${stylist.last_name}`}
                levelName={level.name}
                salonName={catalogue.salons.find((s) => s.id === stylist.salon)?.name ?? ""}
              />
            ) : (
              <p>
                {who.charAt(0).toUpperCase() + who.slice(1)} at {state.salon?.name}
              </p>
            )}
          </div>
          <div className="mt-4">
            <QuoteLines items={state.items} total={state.total} />
          </div>
          <p className="mt-4 text-sm" data-testid="quote-promise">
            {quotePromise(state.regular)}
          </p>
          <p className="mt-4">
            <TextLink to={href({}, back)}>Back to your estimate</TextLink>
          </p>
        </HeadedSection>
        <div className="space-y-6">
          {quoteHasColour(state.services) ? <SkinTestNote regular={state.regular} /> : null}
          <FinishForm lastResult={actionData} />
        </div>
      </div>
    </CalculatorPage>
  );
}

type Result = Route.ComponentProps["actionData"];

function FinishForm({ lastResult }: { lastResult: Result }) {
  const { token } = useLoaderData<typeof loader>();
  const { pathname, search } = useLocation();
  const [form, fields] = useForm<z.input<typeof quoteFinishSchema>>({ id: "finish", lastResult });
  const problem = form.errors?.[0];
  const privacyId = `${form.id}-privacy`;

  return (
    <>
      {/* The address keeps the calculator's choices: the form posts to it, and the action reads them from there;
          without its #fragment (a link from the error summary adds one), which would stop the next page's summary
          taking the focus. */}
      <form method="post" action={`${pathname}${search}`} {...getFormProps(form, { ariaDescribedBy: privacyId })} className="space-y-5">
        <h2 className="text-xl">Where should we send it?</h2>
        <ErrorSummary
          id="finish-summary"
          errors={summaryErrors([fields.name, fields.mobile, fields.email, fields.referral, fields.marketing_email, fields.marketing_sms])}
        />
        <input type="hidden" name={TOKEN_FIELD} value={token} />
        <Field meta={fields.name} label="Your name" autoComplete="name" />
        <Field meta={fields.mobile} label="Mobile number" hint={MOBILE_HINT} type="tel" autoComplete="tel" inputMode="tel" />
        <Field meta={fields.email} label="Email address" type="email" autoComplete="email" />
        <SelectField meta={fields.referral} label="How did you hear about us?" options={referralOptions} first={{ value: "default", label: "Please select" }} />
        <MarketingBoxes email={fields.marketing_email} sms={fields.marketing_sms} />
        <p id={privacyId} className="text-sm text-ink/80">
          <Privacy>We'll only use your details to send you this quote, and offers only if you tick a box above. We never share them.</Privacy>
        </p>
        <ErrorList id={form.errorId} errors={problem ? [problem] : undefined} />
        <button type="submit" className="button button-primary">
          Send me my quote
        </button>
      </form>
      <script dangerouslySetInnerHTML={{ __html: SEND_ONCE_SCRIPT }} />
    </>
  );
}
