/**
 * The studio's price list (/staff/studio/prices, managers): every service by
 * the price list's headings, with its name, price, product price, chair time
 * and whether it is hidden; a new service; the levels' names and words. Each
 * save is checked with the whole site's content before it is stored, shows on
 * every page at once, and is an entry of the history (undo is there).
 */
import { HeadedSection } from "~/components/page";
import { data } from "react-router";
import type { ConflictField } from "~/components/staff/conflict-panel";
import { StudioFrame } from "~/components/staff/studio-frame";
import { AddSection, RecordForm, StudioRow } from "~/components/staff/studio-row";
import { BusyButton, useIntentPending, StudioForm, useCheckedForm } from "~/components/staff/intent-form";
import type { StaffHandle } from "~/components/staff/staff-refusal";
import { CheckboxField, ErrorList, Field, PlainField, SelectField, TextareaField } from "~/components/forms/field-kit";
import { priceListCategories } from "~/modules/pricing/price-list";
import { baseForLevelPrices, hasProductCharge, isAvailable, isFlatPrice, levelPricesFor } from "~/modules/pricing/pricing";
import { useState } from "react";
import { readContentFiles } from "~/modules/site/content-store.server";
import {
  describeWhatMoves,
  levelPlace,
  levelRows,
  planLevelPatch,
  planServiceCreate,
  planServicePatch,
  servicePlace,
  serviceRows,
  whatAPriceMoves,
  type LevelRow,
  type ServiceRow,
} from "~/modules/studio/price-list";
import { formatPrice } from "~/utils/money";
import { levelFormSchema, serviceCreateSchema, serviceFormSchema } from "~/modules/studio/studio-forms";
import { staleSave, versionAt } from "~/modules/studio/versions.server";
import { answerFor, refusedOrStale, studioShouldRevalidate, type Reply, type StudioConflict } from "~/web/studio-reply";
import { servicesContext } from "~/web/context";
import { staffMeta } from "~/web/staff-page";
import { staffPost } from "~/web/staff-route.server";
import { studioSave } from "~/web/studio-save.server";
import type { Route } from "./+types/staff.studio.prices";

export const handle: StaffHandle = { staffTitle: "Price list" };
export const meta = () => staffMeta("Price list");

export async function loader({ context }: Route.LoaderArgs) {
  const { db, content } = context.get(servicesContext);
  const files = await readContentFiles(db);
  const services = serviceRows(files);
  const levels = levelRows(files);
  const offerTitle = (slug: string) => content.copy.offers.offers.find((o) => o.slug === slug)?.title ?? slug;
  return {
    categories: priceListCategories.map(({ cat1, label }) => ({
      cat1,
      label,
      services: services
        .filter((s) => s.cat1 === cat1)
        .map((s) => {
          const moves = whatAPriceMoves(files, s.id);
          return {
            ...s,
            // What the form sends back (decision record 0069): saved over by someone else since, the save is refused and shown side by side.
            version: versionAt(files, servicePlace(s.id))!,
            moves: describeWhatMoves({ ...moves, offers: moves.offers.map(offerTitle) }),
            notAt: levels.filter((l) => !isAvailable(s, l.id)).map((l) => l.id),
          };
        }),
    })),
    levels: levels.map((l) => ({ ...l, version: versionAt(files, levelPlace(l.id))! })),
  };
}

export const shouldRevalidate = studioShouldRevalidate;

export async function action({ context, request }: Route.ActionArgs) {
  const post = await staffPost(context, request);
  const id = Number(post.form.get("id"));
  switch (post.form.get("intent")) {
    case "service":
      return studioSave(post, { intent: "service" as const, id }, serviceFormSchema, (files, { id: _id, ...patch }, opened) => {
        const row = serviceRows(files).find((s) => s.id === id);
        const stale = staleSave(files, servicePlace(id), opened, row?.service ?? "The service", () => serviceValues(row!, levelRows(files).filter((l) => isAvailable(row!, l.id))));
        return stale ?? planServicePatch(files, id, patch);
      });
    case "add-service":
      return studioSave(post, { intent: "add-service" as const, id: 0 }, serviceCreateSchema, planServiceCreate);
    case "level":
      return studioSave(post, { intent: "level" as const, id }, levelFormSchema, (files, { id: _id, ...patch }, opened) => {
        const level = levelRows(files).find((l) => l.id === id);
        const stale = staleSave(files, levelPlace(id), opened, `The level ${level?.name ?? ""}`.trim(), () => ({ name: level!.name, description: level!.description }));
        return stale ?? planLevelPatch(files, id, patch);
      });
    default:
      return data({ intent: "unknown" as const, id: 0, result: undefined, done: undefined }, { status: 400 });
  }
}

export default function StudioPrices({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, levels } = loaderData;
  return (
    <StudioFrame
      title="Price list"
      answer={actionData}
      lead={
        <>
          Each service's price as every level charges it: change one level's price and the others follow, as each level adds its own share. A change shows on the price list, the calculator and the offers straight away. Quotes already saved keep their prices.
        </>
      }
    >

      {categories.map((category) => (
        <HeadedSection key={category.cat1} id={`cat-${category.cat1}`} className="mt-8 first:mt-0" title={category.label}>
          <ul className="mt-3 space-y-3">
            {category.services.map((service) => (
              <li key={service.id}>
                {/* A new key once saved (here or elsewhere): the form starts again from what is stored. */}
                <ServiceCard key={service.version} service={service} levels={levels} {...answerFor(actionData, { intent: "service", id: service.id })} />
              </li>
            ))}
          </ul>
        </HeadedSection>
      ))}

      <AddSection id="add-heading" title="Add a service">
        <AddServiceForm lastResult={answerFor(actionData, { intent: "add-service", id: 0 }).lastResult} />
      </AddSection>

      <HeadedSection id="levels-heading" className="mt-10" title="Levels">
        <p className="mt-1">The names and words clients see on the levels page and in the calculator.</p>
        <ul className="mt-3 space-y-3">
          {levels.map((level) => (
            <li key={level.id}>
              <LevelCard key={level.version} level={level} {...answerFor(actionData, { intent: "level", id: level.id })} />
            </li>
          ))}
        </ul>
      </HeadedSection>
    </StudioFrame>
  );
}

/** A service's form's boxes, as the conflict panel names them, and their values for a service as stored. */
function serviceFields(offered: readonly LevelRow[]): ConflictField[] {
  return [
    { name: "service", label: "Name" },
    ...offered.map((level, i) => ({ name: `prices[${i}].price`, label: `${level.name} (£)` })),
    { name: "minutes", label: "Minutes" },
    { name: "hidden", label: "Hidden", check: true },
    { name: "product_price", label: "Product charge (£)" },
  ];
}
function serviceValues(service: ServiceRow, offered: readonly LevelRow[]): Record<string, string> {
  const prices = levelPricesFor(service, service.price, offered);
  return {
    service: service.service,
    ...Object.fromEntries(prices.map((p, i) => [`prices[${i}].price`, String(p.price)])),
    minutes: String(service.minutes),
    hidden: service.hidden ? "on" : "",
    product_price: String(service.product_price),
  };
}

type Versioned = { version: string };

function ServiceCard({
  service,
  levels,
  lastResult,
  conflict,
}: {
  service: ServiceRow & Versioned & { moves: string; notAt: number[] };
  levels: LevelRow[];
  lastResult: Reply | undefined;
  conflict: StudioConflict | undefined;
}) {
  const busy = useIntentPending("service", { id: service.id });
  const offered = levels.filter((l) => !service.notAt.includes(l.id));
  // The manager edits what each level charges; the base price follows (and the other levels with it), the product charge is under More.
  const [base, setBase] = useState(service.price);
  const [product, setProduct] = useState(service.product_price);
  const [typed, setTyped] = useState<{ level: number; text: string } | null>(null);
  const priced = { ...service, product_price: product };
  const prices = levelPricesFor(priced, base, offered);
  const [form, fields] = useCheckedForm(serviceFormSchema, {
    id: `service-${service.id}`,
    lastResult,
    defaultValue: { id: String(service.id), service: service.service, product_price: String(service.product_price), minutes: String(service.minutes), hidden: service.hidden ? "on" : undefined },
  });
  function typePrice(level: LevelRow, text: string) {
    setTyped({ level: level.id, text });
    const price = Number(text.trim().replace(/^£/, ""));
    if (text.trim() === "" || !Number.isInteger(price) || price < 0) return;
    const found = baseForLevelPrices(priced, [{ level, price }]);
    if ("base" in found) setBase(found.base);
  }
  function typeProduct(text: string) {
    const value = Number(text.trim().replace(/^£/, ""));
    if (text.trim() !== "" && Number.isFinite(value) && value >= 0) setProduct(value);
  }
  const shown = levelPricesFor(service, service.price, offered).map((p) => p.price);
  const range = shown.length === 0 ? "" : Math.min(...shown) === Math.max(...shown) ? formatPrice(shown[0]!) : `${formatPrice(Math.min(...shown))} to ${formatPrice(Math.max(...shown))}`;
  const priceErrors = Object.entries(form.allErrors).flatMap(([name, errors]) => (name.startsWith("prices") ? errors : []));
  const charged = hasProductCharge(service);
  return (
    <StudioRow
      title={service.service}
      open={refusedOrStale({ lastResult, conflict })}
      marks={
        <>
          <span className="tabular-nums">
            {range} · {service.minutes} min
          </span>
          {service.hidden ? <span className="rounded-full bg-ink px-2 text-sm text-chalk">Hidden</span> : null}
        </>
      }
    >
      <RecordForm form={form} hidden={{ intent: "service", id: service.id, version: service.version }} className="space-y-4 border-t border-ink/10 px-4 pt-3 pb-4" conflictClassName="border-t border-ink/10 px-4 pt-3" conflict={conflict} fields={serviceFields(offered)} what={service.service} busy={busy} who={service.service}>
        <p className="text-sm">{service.moves}</p>
        <Field meta={fields.service} label="Name" maxLength={80} />
        <fieldset>
          <legend className="font-semibold">What each level charges (£)</legend>
          <p className="mt-1 text-sm text-ink/75">
            {isFlatPrice(service) ? "A treatment costs the same at every level: change one and the rest follow." : "Each level adds its own share, so the prices move together: change one and the others follow."}
          </p>
          <ErrorList errors={priceErrors.length > 0 ? priceErrors : undefined} className="mt-2" />
          <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {prices.map(({ level, price }, i) => (
              <div key={level.id}>
                <input type="hidden" name={`${fields.prices.name}[${i}].level`} value={level.id} />
                <PlainField
                  id={`service-${service.id}-level-${level.id}`}
                  name={`${fields.prices.name}[${i}].price`}
                  label={level.name}
                  inputMode="numeric"
                  value={typed?.level === level.id ? typed.text : String(price)}
                  onChange={(event) => typePrice(level as LevelRow, event.currentTarget.value)}
                  onBlur={() => setTyped(null)}
                  inputClassName="tabular-nums"
                />
              </div>
            ))}
          </div>
          {service.notAt.length > 0 ? <p className="mt-2 text-sm">Not done at {levels.filter((l) => service.notAt.includes(l.id)).map((l) => l.name).join(", ")}.</p> : null}
        </fieldset>
        <Field meta={fields.minutes} label="Minutes" hint="Chair time, processing included" inputMode="numeric" inputClassName="max-w-48" />
        <CheckboxField meta={fields.hidden} label="Hidden: off the price list, the calculator and new quotes" />
        <details className="rounded-xl bg-chalk px-3 py-2">
          <summary className="min-h-11 cursor-pointer py-2 font-semibold">More: how the prices are made</summary>
          <p className="mt-1 text-sm">
            {charged
              ? `Worked out as ${formatPrice(base)} for the work at the first level, which each level raises by its share, plus a ${formatPrice(product)} product charge that is the same at every level.`
              : `Worked out as ${formatPrice(base)} at the first level, which each level raises by its share.`}
          </p>
          <Field
            meta={fields.product_price}
            label="Product charge (£)"
            hint="The colour's cost, added at every level: changing it moves every level's price by the same amount."
            inputMode="decimal"
            hidden={!charged}
            className="mt-3"
            inputClassName="max-w-48"
            onChange={(event) => typeProduct(event.currentTarget.value)}
          />
        </details>
      </RecordForm>
    </StudioRow>
  );
}

const partOptions = priceListCategories.map((c) => ({ value: String(c.cat1), label: c.label }));
const placeOptions = [0, 1, 2, 3, 4, 5, 6].map((n) => ({ value: String(n), label: n === 0 ? "0: on its own" : String(n) }));

function AddServiceForm({ lastResult }: { lastResult: Reply | undefined }) {
  const busy = useIntentPending("add-service");
  const [form, fields] = useCheckedForm(serviceCreateSchema, { id: "add-service", lastResult, defaultValue: { cat1: "1", cat2: "0", product_price: "0" } });
  return (
    <StudioForm form={form} hidden={{ intent: "add-service" }} className="mt-3 space-y-4">
      <Field meta={fields.service} label="Name" maxLength={80} />
      <p className="text-sm">The first level&apos;s price for the work; each level adds its share, and a colour adds its product charge at every level. Once it is added, you change it as each level&apos;s price.</p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Field meta={fields.price} label="Price (£)" inputMode="decimal" />
        <Field meta={fields.product_price} label="Product charge (£)" inputMode="decimal" />
        <Field meta={fields.minutes} label="Minutes" hint="Chair time, processing included" inputMode="numeric" />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField meta={fields.cat1} label="Part of the price list" options={partOptions} />
        <SelectField meta={fields.cat2} label="Place in the calculator" hint="Which colour or treatment it goes with; 0 when none" options={placeOptions} />
      </div>
      <BusyButton busy={busy} busyText="Adding…" className="button button-primary w-full sm:w-auto">Add the service</BusyButton>
    </StudioForm>
  );
}

const levelFields: ConflictField[] = [
  { name: "name", label: "Name" },
  { name: "description", label: "What it means to a client" },
];

function LevelCard({ level, lastResult, conflict }: { level: LevelRow & Versioned; lastResult: Reply | undefined; conflict: StudioConflict | undefined }) {
  const busy = useIntentPending("level", { id: level.id });
  const [form, fields] = useCheckedForm(levelFormSchema, { id: `level-${level.id}`, lastResult, defaultValue: { id: String(level.id), name: level.name, description: level.description } });
  return (
    <StudioRow title={level.name} open={refusedOrStale({ lastResult, conflict })} marks={<span className="text-sm tabular-nums">{level.adapter === 0 ? "the base price" : `+${level.adapter}%`}</span>}>
      <RecordForm form={form} hidden={{ intent: "level", id: level.id, version: level.version }} className="space-y-4 border-t border-ink/10 px-4 pt-3 pb-4" conflictClassName="border-t border-ink/10 px-4 pt-3" conflict={conflict} fields={levelFields} what={level.name} busy={busy} who={level.name}>
        <Field meta={fields.name} label="Name" maxLength={40} />
        <TextareaField meta={fields.description} label="What it means to a client" rows={3} maxLength={300} />
      </RecordForm>
    </StudioRow>
  );
}
