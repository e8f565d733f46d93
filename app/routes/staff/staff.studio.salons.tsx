/**
 * The studio's salons and hours (/staff/studio/salons, managers): the
 * school's opening hours, address, phone and booking links, and each sister
 * salon's phone and booking links, where its quotes are booked; and the
 * school's map picture beside "Open in maps" (a multipart form, through the
 * photos' own pipeline: decision 0066). Each save is checked with the whole
 * site's content, shows at once, and is an entry of the history.
 */
import { data } from "react-router";
import type { ConflictField } from "~/components/staff/conflict-panel";
import { HeadedSection } from "~/components/page";
import { StudioFrame } from "~/components/staff/studio-frame";
import { RecordForm } from "~/components/staff/studio-row";
import { BusyButton, HiddenForm, useIntentPending, StudioForm, useCheckedForm } from "~/components/staff/intent-form";
import type { StaffHandle } from "~/components/staff/staff-refusal";
import { CheckboxField, Field } from "~/components/forms/field-kit";
import { readContentFiles } from "~/modules/site/content-store.server";
import { hoursPlace, planHours, planSchoolContact, planSisterContact, schoolContactPlaces, settingsRow, sisterPlace, sisterRows, type SisterRow } from "~/modules/studio/salons";
import { staleSave, versionAt } from "~/modules/studio/versions.server";
import { DAYS, hoursFormSchema, schoolContactFormSchema, sisterContactFormSchema } from "~/modules/studio/words-forms";
import { servicesContext } from "~/web/context";
import { toConformErrors } from "~/web/form-echo";
import { ACADEMY_SALON_ID } from "~/modules/catalogue/catalogue.server";
import { addPhoto, currentPhotos, removePhoto } from "~/modules/photos/photos.server";
import { ALT_MAX, FILE_REQUIRED, mapTarget, PHOTO_REFUSALS, photoFormSchema, photoPath, photoRefusalStatus, TOO_LARGE } from "~/modules/photos/photo-rules";
import { photoHistory } from "~/modules/studio/studio.server";
import { readPhotoUpload } from "~/web/photo-upload.server";
import type { AppServices } from "~/web/services";
import { staffMeta } from "~/web/staff-page";
import { staffContext } from "~/web/staff-route.server";
import { studioSave } from "~/web/studio-save.server";
import { answerFor, studioShouldRevalidate, type Reply, type StudioConflict } from "~/web/studio-reply";
import type { Route } from "./+types/staff.studio.salons";

export const handle: StaffHandle = { staffTitle: "Salons and hours" };
export const meta = () => staffMeta("Salons and hours");

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const [files, photos] = await Promise.all([readContentFiles(db), currentPhotos(db)]);
  const settings = settingsRow(files);
  const map = photos.shown(mapTarget(ACADEMY_SALON_ID));
  return {
    map: map ? { id: map.id, alt: map.alt, src: `${photoPath(map.id)}-320.jpg` } : undefined,
    school: { name: settings.name, phone: settings.phone, address: settings.address, hours: settings.hours, links: { booking: settings.links.booking, skinTest: settings.links.skinTest, consultation: settings.links.consultation ?? "" } },
    // What each form sends back (decision record 0069): saved over by someone else since, the save is refused and shown side by side.
    versions: { hours: versionAt(files, hoursPlace)!, school: versionAt(files, schoolContactPlaces)! },
    sisters: sisterRows(files).map((sister) => ({ ...sister, version: versionAt(files, sisterPlace(sister.id))! })),
  };
}

export const shouldRevalidate = studioShouldRevalidate;

/** The school's map picture: put on through the photos' pipeline (judged, stripped, stored, in the history), or taken off. */
async function mapAction(services: AppServices, staff: { name: string }, request: Request) {
  const record = photoHistory(services, services.content.copy.offers.offers);
  const read = await readPhotoUpload(request);
  const refused = (status: number, errors: Record<string, string>, alt = "") =>
    data({ intent: "map", salon: "", result: { status: "error", initialValue: { alt }, error: toConformErrors(errors) } as Reply, done: undefined }, { status });
  if (read.kind === "too-large") return refused(413, { file: TOO_LARGE });
  if (read.kind !== "read") throw data("Send the form as the page does.", { status: 400 });
  const target = mapTarget(ACADEMY_SALON_ID);
  if (read.fields.intent === "map-remove") {
    const current = (await currentPhotos(services.db)).shown(target);
    if (current) await removePhoto(services.db, staff, current.id, record);
    return data({ intent: "map", salon: "", result: undefined, done: "The map picture is off the contact page." });
  }
  // A map shows nobody: the photos' consent (the people in it agreed) is given by what it is.
  const fields = { alt: read.fields.alt, for: target, consent: "true" };
  const result = await addPhoto({ db: services.db, offers: services.content.copy.offers.offers, record, targets: [{ value: target, label: "map" }] }, staff, fields, read.file);
  if (result.kind === "done") return data({ intent: "map", salon: "", result: undefined, done: "The map picture is on the contact page." });
  if (result.kind === "invalid") return refused(400, { ...(result.fields.file ? { file: FILE_REQUIRED } : {}), ...(result.fields.alt ? { alt: result.fields.alt } : {}) }, read.fields.alt);
  return refused(photoRefusalStatus(result.kind), { file: PHOTO_REFUSALS[result.kind] }, read.fields.alt);
}

export async function action({ context, request }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const staff = context.get(staffContext);
  if (request.headers.get("content-type")?.startsWith("multipart/form-data")) return mapAction(services, staff, request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const salon = String(form.get("salon") ?? "");
  const schema = intent === "hours" ? hoursFormSchema : intent === "school" ? schoolContactFormSchema : intent === "sister" ? sisterContactFormSchema : null;
  if (!schema) return data({ intent: "unknown", salon, result: undefined, done: undefined }, { status: 400 });
  return studioSave({ services, staff, form }, { intent, salon }, schema, (files, value, opened) => {
    const settings = settingsRow(files);
    const sister = sisterRows(files).find((s) => s.id === Number(salon));
    const [planning, place, what, theirs] =
      intent === "hours"
        ? ([planHours(files, value as ReturnType<typeof hoursFormSchema.parse>), hoursPlace, `${settings.name}'s opening hours`, () => hoursValues(settings.hours)] as const)
        : intent === "school"
          ? ([planSchoolContact(files, value as ReturnType<typeof schoolContactFormSchema.parse>), schoolContactPlaces, `${settings.name}'s address, phone and booking links`, () => schoolValues(settings)] as const)
          : ([planSisterContact(files, value as ReturnType<typeof sisterContactFormSchema.parse>), sisterPlace(Number(salon)), `${sister?.name ?? "The salon"}'s phone and booking links`, () => sisterValues(sister!)] as const);
    if ("kind" in planning) return planning;
    return staleSave(files, place, opened, what, theirs) ?? planning;
  });
}

export default function StudioSalons({ loaderData, actionData }: Route.ComponentProps) {
  const { school, sisters, map, versions } = loaderData;
  return (
    <StudioFrame
      title="Salons and hours"
      answer={actionData}
      lead={
        <>
          When the school is open, where it is, its phone and booking links; and where each sister salon's quotes are booked. Changes show on the website at once.
        </>
      }
    >
      <HeadedSection id="hours-heading" className="rounded-2xl bg-white p-4 ring-1 ring-ink/10 sm:p-5" title={<>{school.name}: opening hours</>}>
        <p className="mt-1">Times on the 24-hour clock, like 9:00 or 17:30 (17.30 works too). The website writes them as 9am–5:30pm.</p>
        <HoursForm key={versions.hours} hours={school.hours} version={versions.hours} {...answerFor(actionData, { intent: "hours", salon: "school" })} />
      </HeadedSection>
      <HeadedSection id="school-heading" className="mt-8 rounded-2xl bg-white p-4 ring-1 ring-ink/10 sm:p-5" title={<>{school.name}: address, phone and booking</>}>
        <SchoolForm key={versions.school} school={school} version={versions.school} {...answerFor(actionData, { intent: "school", salon: "" })} />
      </HeadedSection>
      <HeadedSection id="map-heading" className="mt-8 rounded-2xl bg-white p-4 ring-1 ring-ink/10 sm:p-5" title={<>{school.name}: map picture</>}>
        <p className="mt-1">A picture of the map, shown on the contact page beside “Open in maps”. Without one, the page shows the button alone.</p>
        <MapForm key={map?.id ?? "none"} map={map} lastResult={answerFor(actionData, { intent: "map", salon: "" }).lastResult} />
      </HeadedSection>
      {sisters.map((sister) => (
        <HeadedSection key={sister.id} id={`sister-${sister.id}`} className="mt-8 rounded-2xl bg-white p-4 ring-1 ring-ink/10 sm:p-5" title={<>{sister.name}: phone and booking</>}>
          <p className="mt-1">Where a quote with one of its stylists is booked. Its hours and address are on its own website.</p>
          <SisterForm key={sister.version} sister={sister} {...answerFor(actionData, { intent: "sister", salon: String(sister.id) })} />
        </HeadedSection>
      ))}
    </StudioFrame>
  );
}

const CONSULTATION_HINT = "Where the booking guide sends a new colour client first; left empty, the booking link";

const short = (time: string | null) => (time ? time.replace(/^0/, "") : "");

const hoursFields: ConflictField[] = DAYS.flatMap((day) => [
  { name: `${day}_opens`, label: `${day}: opens` },
  { name: `${day}_closes`, label: `${day}: closes` },
  { name: `${day}_closed`, label: `Closed on ${day}`, check: true },
]);

type Hours = { day: string; opens: string | null; closes: string | null }[];
type Versioned = { version: string; conflict: StudioConflict | undefined };

/** The hours form's boxes for the week as stored: the form's first values, and theirs in the conflict panel. */
function hoursValues(hours: Hours) {
  return Object.fromEntries(
    hours.flatMap((h) => [
      [`${h.day}_closed`, h.opens === null ? "on" : undefined],
      [`${h.day}_opens`, short(h.opens)],
      [`${h.day}_closes`, short(h.closes)],
    ]),
  );
}

function HoursForm({ hours, lastResult, version, conflict }: { hours: Hours; lastResult: Reply | undefined } & Versioned) {
  const busy = useIntentPending("hours");
  const [form, fields] = useCheckedForm(hoursFormSchema, { id: "hours", lastResult, defaultValue: hoursValues(hours) });
  const field = (name: string) => fields[name as keyof typeof fields]!;
  return (
    <RecordForm form={form} hidden={{ intent: "hours", salon: "school", version }} className="mt-4 space-y-4" conflictClassName="mt-4" conflict={conflict} fields={hoursFields} what="the opening hours" busy={busy} submit="Save the hours">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {DAYS.map((day) => (
          <fieldset key={day} className="rounded-xl border border-ink/10 p-3">
            <legend className="px-1 font-semibold">{day}</legend>
            <div className="grid grid-cols-2 gap-3">
              <Field meta={field(`${day}_opens`)} label="Opens" inputMode="decimal" placeholder="9:00" maxLength={5} />
              <Field meta={field(`${day}_closes`)} label="Closes" inputMode="decimal" placeholder="17:00" maxLength={5} />
            </div>
            <CheckboxField meta={field(`${day}_closed`)} label={`Closed on ${day}`} className="mt-2" />
          </fieldset>
        ))}
      </div>
    </RecordForm>
  );
}

type School = Route.ComponentProps["loaderData"]["school"];

const schoolFields: ConflictField[] = [
  { name: "phone", label: "Phone" },
  { name: "street", label: "Street" },
  { name: "town", label: "Town" },
  { name: "postcode", label: "Postcode" },
  { name: "booking", label: "Booking link" },
  { name: "skinTest", label: "Skin-test booking link" },
  { name: "consultation", label: "Consultation booking link" },
];

/** The school's form's boxes as stored: the form's first values, and theirs in the conflict panel. */
const schoolValues = (school: Pick<School, "phone" | "address"> & { links: { booking: string; skinTest: string; consultation?: string } }) => ({
  phone: school.phone,
  ...school.address,
  booking: school.links.booking,
  skinTest: school.links.skinTest,
  consultation: school.links.consultation ?? "",
});

function SchoolForm({ school, lastResult, version, conflict }: { school: School; lastResult: Reply | undefined } & Versioned) {
  const busy = useIntentPending("school");
  const [form, fields] = useCheckedForm(schoolContactFormSchema, { id: "school", lastResult, defaultValue: schoolValues(school) });
  return (
    <RecordForm form={form} hidden={{ intent: "school", version }} className="mt-4 space-y-4" conflictClassName="mt-4" conflict={conflict} fields={schoolFields} what={`${school.name}'s address, phone and booking links`} busy={busy} who={<>{school.name}'s address, phone and booking links</>}>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field meta={fields.phone} label="Phone" type="tel" maxLength={30} />
        <Field meta={fields.street} label="Street" maxLength={80} />
        <Field meta={fields.town} label="Town" maxLength={60} />
        <Field meta={fields.postcode} label="Postcode" maxLength={12} />
      </div>
      <Field meta={fields.booking} label="Booking link" type="url" hint="Where the Book buttons go" maxLength={500} />
      <Field meta={fields.skinTest} label="Skin-test booking link" type="url" maxLength={500} />
      <Field meta={fields.consultation} label="Consultation booking link (optional)" type="url" hint={CONSULTATION_HINT} maxLength={500} />
    </RecordForm>
  );
}

const sisterFields: ConflictField[] = [
  { name: "phone", label: "Phone" },
  { name: "url", label: "Booking link" },
  { name: "skinTest", label: "Skin-test booking link" },
  { name: "consultation", label: "Consultation booking link" },
];

/** A sister salon's form's boxes as stored: the form's first values, and theirs in the conflict panel. */
const sisterValues = (sister: SisterRow) => ({ salon: String(sister.id), phone: sister.booking?.phone, url: sister.booking?.url, skinTest: sister.booking?.skinTest, consultation: sister.booking?.consultation });

function SisterForm({ sister, lastResult, conflict }: { sister: SisterRow & { version: string }; lastResult: Reply | undefined; conflict: StudioConflict | undefined }) {
  const busy = useIntentPending("sister");
  const [form, fields] = useCheckedForm(sisterContactFormSchema, { id: `sister-form-${sister.id}`, lastResult, defaultValue: sisterValues(sister) });
  return (
    <RecordForm form={form} hidden={{ intent: "sister", salon: sister.id, version: sister.version }} className="mt-4 space-y-4" conflictClassName="mt-4" conflict={conflict} fields={sisterFields} what={`${sister.name}'s phone and booking links`} busy={busy} who={sister.name}>
      <Field meta={fields.phone} label="Phone" type="tel" maxLength={30} />
      <Field meta={fields.url} label="Booking link" type="url" maxLength={500} />
      <Field meta={fields.skinTest} label="Skin-test booking link" type="url" maxLength={500} />
      <Field meta={fields.consultation} label="Consultation booking link (optional)" type="url" hint={CONSULTATION_HINT} maxLength={500} />
    </RecordForm>
  );
}

const mapFormSchema = photoFormSchema.pick({ file: true, alt: true });

function MapForm({ map, lastResult }: { map: { id: number; alt: string; src: string } | undefined; lastResult: Reply | undefined }) {
  const busy = useIntentPending("map");
  const [form, fields] = useCheckedForm(mapFormSchema, { id: "map", lastResult });
  return (
    <div className="mt-4 space-y-4">
      {map ? (
        <div className="flex flex-wrap items-center gap-4">
          <img src={map.src} alt="" width={160} className="h-auto w-40 rounded-lg ring-1 ring-ink/10" />
          <p className="min-w-0 flex-1">Shown now: “{map.alt}”.</p>
          <HiddenForm fields={{ intent: "map-remove" }} encType="multipart/form-data">
            <button type="submit" className="button button-outline" disabled={busy}>
              Remove the map picture
            </button>
          </HiddenForm>
        </div>
      ) : null}
      <StudioForm form={form} hidden={{ intent: "map" }} className="space-y-4" encType="multipart/form-data">
        <Field meta={fields.file} type="file" accept="image/*" label={map ? "A new map picture" : "Map picture"} hint="A screenshot of the map works: JPEG, PNG or WebP, up to 15 MB." inputClassName="py-2" />
        <Field meta={fields.alt} label="Describe the map" hint="Read out to people who cannot see it, for example “Map: the academy on Bridge Street, by the bus station”." maxLength={ALT_MAX} />
        <BusyButton busy={busy} busyText="Saving…" className="button button-primary w-full sm:w-auto">Put the map on the contact page</BusyButton>
      </StudioForm>
    </div>
  );
}
