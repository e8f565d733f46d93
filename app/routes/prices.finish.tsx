import { useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { CalculatorPage, QuoteLines, StylistSummary } from "~/components/calculator/parts";
import { usePricesData, useCalculator } from "~/components/calculator/use-calculator";
import { guardedLoader, onlyOnNewPage } from "~/modules/pricing/calculator-guard";
import { serviceIdsOf, typeLabels, type CalculatorState } from "~/modules/pricing/calculator-state";
import { fieldErrors, quoteContactSchema, referralOptions, type QuoteContactFields } from "~/modules/quotes/quote-schema";

export function meta() {
  return [{ title: "Save your quote | Base Hair Academy" }];
}

export const loader = guardedLoader;

export const shouldRevalidate = onlyOnNewPage;

/** What the submitted page shows: passed in the history entry, never in the address. */
export interface SubmittedState {
  link: string;
  firstName: string;
}

/** /prices/finish: the form that saves the quote (POST /api/save-quote-details). */
export default function Finish() {
  const { catalogue, state, href } = useCalculator();
  if (!state) return null;
  const { level, stylist } = state;
  const back = state.stylist ? "/prices/total-by-stylist" : "/prices/total-by-level";

  if (!state.complete || !level || state.regular === undefined) {
    return (
      <CalculatorPage eyebrow={typeLabels[state.type]} title="Your quote isn't quite finished">
        <p>Choose your services and tell us whether you've been before, then come back here to save it.</p>
        <p className="mt-6">
          <Link to={href({}, "/prices/calculator")} className="button button-primary">
            Back to the calculator
          </Link>
        </p>
      </CalculatorPage>
    );
  }

  return (
    <CalculatorPage
      eyebrow={typeLabels[state.type]}
      title="Save your quote"
      lead={<p>Tell us where to send it. We'll email you the full quote and text you a link to it.</p>}
    >
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <FinishForm state={state} />
        <aside aria-labelledby="summary-heading" className="rounded-2xl bg-white p-5 ring-1 ring-ink/10 sm:p-6 lg:order-last">
          <h2 id="summary-heading" className="text-xl">
            Your quote
          </h2>
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
                A {level.name} at {state.salon?.name}
              </p>
            )}
          </div>
          <div className="mt-4">
            <QuoteLines items={state.items} total={state.total} />
          </div>
          <p className="mt-4">
            <Link to={href({}, back)} className="font-semibold text-brass-dark underline">
              Back to your estimate
            </Link>
          </p>
        </aside>
      </div>
    </CalculatorPage>
  );
}

type Values = Record<QuoteContactFields, string>;
const fieldOrder: QuoteContactFields[] = ["name", "mobile", "email", "referral"];

function FinishForm({ state }: { state: CalculatorState }) {
  const navigate = useNavigate();
  const { settings } = usePricesData();
  const [values, setValues] = useState<Values>({ name: "", mobile: "", email: "", referral: "default" });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const focusFirstError = (fields: Partial<Record<string, string>>) => {
    const first = fieldOrder.find((f) => fields[f]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailed(false);
    const parsed = quoteContactSchema.safeParse(values);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      setErrors(fields);
      focusFirstError(fields);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const response = await fetch("/api/save-quote-details", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: values.name,
          mobile: values.mobile,
          email: values.email,
          referral: values.referral,
          salon_id: state.salon?.id,
          regular: state.regular,
          selector: state.selector === "Level" ? "Level" : "Stylist",
          level_id: state.level?.id,
          stylist_id: state.stylist?.id ?? null,
          service_ids: serviceIdsOf(state),
        }),
      });
      const body = (await response.json()) as { link?: string; fields?: Record<string, string> };
      if (response.status === 201 && body.link) {
        const submitted: SubmittedState = { link: body.link, firstName: parsed.data.name.split(/\s+/)[0] ?? "" };
        navigate(`/prices/finish/submitted${window.location.search}`, { replace: true, state: submitted });
        return;
      }
      const fields = body.fields ?? {};
      if (fieldOrder.some((f) => fields[f])) {
        setErrors(fields);
        focusFirstError(fields);
      } else {
        console.error("The quote was not saved", response.status, body);
        setFailed(true);
      }
    } catch (error) {
      console.error("The quote was not saved", error);
      setFailed(true);
    }
    setSending(false);
  }

  const field = (name: QuoteContactFields) => ({
    id: `finish-${name}`,
    name,
    value: values[name],
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `finish-${name}-error` : undefined,
    className: "field",
  });
  const change = (name: QuoteContactFields) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));
  const error = (name: QuoteContactFields) =>
    errors[name] ? (
      <p id={`finish-${name}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form ref={form} noValidate onSubmit={submit} className="space-y-5" aria-describedby={failed ? "finish-failed" : undefined}>
      <div>
        <label htmlFor="finish-name" className="font-semibold">
          Your name
        </label>
        <input {...field("name")} type="text" autoComplete="name" onChange={change("name")} />
        {error("name")}
      </div>
      <div>
        <label htmlFor="finish-mobile" className="font-semibold">
          Mobile number
        </label>
        <input {...field("mobile")} type="tel" autoComplete="tel" inputMode="tel" onChange={change("mobile")} />
        {error("mobile")}
      </div>
      <div>
        <label htmlFor="finish-email" className="font-semibold">
          Email address
        </label>
        <input {...field("email")} type="email" autoComplete="email" onChange={change("email")} />
        {error("email")}
      </div>
      <div>
        <label htmlFor="finish-referral" className="font-semibold">
          How did you hear about us?
        </label>
        <select {...field("referral")} onChange={change("referral")}>
          <option value="default">Please select</option>
          {referralOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {error("referral")}
      </div>
      <p className="text-sm">
        We'll only use your details to send you this quote. We never share them.
      </p>
      {failed ? (
        <p id="finish-failed" role="alert" className="field-error">
          Sorry, we couldn't save your quote just now. Please try again in a moment, or call us on {settings.phone}.
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={sending}>
        {sending ? "Sending…" : "Send me my quote"}
      </button>
    </form>
  );
}
