/**
 * Photos (/staff/studio/photos, managers): put a photo from a phone's camera
 * or gallery on the site, for a stylist's portrait, their work, a post, an
 * offer or the home page, with the words that describe it, the consent of the
 * people in it and the point crops keep; and take one off again, which brings
 * back the picture that was there before. A multipart form posted to this
 * action, with or without JavaScript (decision record 0042).
 */
import type { Reply } from "~/web/studio-reply";
import { HeadedSection } from "~/components/page";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent, type PointerEvent } from "react";
import { data } from "react-router";
import { CheckboxField, Field, FieldError, SelectField } from "~/components/forms/field-kit";
import { SaveStatus } from "~/components/staff/save-status";
import { StaffFrame } from "~/components/staff/staff-frame";
import { BusyButton, HiddenForm, useIntentPending, StudioForm, useCheckedForm } from "~/components/staff/intent-form";
import type { StaffHandle } from "~/components/staff/staff-refusal";
import { addPhoto, describePhoto, listPhotos, mapTargets, photoTargets, removePhoto } from "~/modules/photos/photos.server";
import {
  ALT_MAX,
  focusAfterKey,
  focusShare,
  focusWords,
  joinsOthers,
  parseTarget,
  PHOTO_REFUSALS,
  photoRefusalStatus,
  photoFieldsSchema,
  photoFormSchema,
  photoPath,
  TOO_LARGE,
} from "~/modules/photos/photo-rules";
import { photoHistory } from "~/modules/studio/studio.server";
import { formatReceived } from "~/utils/dates";
import { servicesContext } from "~/web/context";
import { toConformErrors } from "~/web/form-echo";
import { readPhotoUpload } from "~/web/photo-upload.server";
import { staffMeta } from "~/web/staff-page";
import { staffContext } from "~/web/staff-route.server";
import type { Route } from "./+types/staff.studio.photos";
import { useUnsavedChangesGuard } from "~/components/forms/unsaved-changes";

const TITLE = "Photos";
export const handle: StaffHandle = { staffTitle: TITLE };
export const meta = () => staffMeta(TITLE);

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db, content } = context.get(servicesContext);
  const [targets, maps, photos] = await Promise.all([photoTargets(db, content.copy.offers.offers), mapTargets(db), listPhotos(db)]);
  const labelOf = (target: string) => [...targets, ...maps].find((t) => t.value === target)?.label ?? target;
  const seen = new Set<string>();
  // ?for=stylist:freya: what the photo is of, chosen already (the staff desk's "Add a photo"); only a target the list has.
  const asked = url.searchParams.get("for");
  return {
    targets,
    chosen: targets.some((t) => t.value === asked) ? asked! : "",
    photos: photos.map((photo) => {
      // The newest of a portrait's photos shows; the others wait behind it. Every photo of someone's work shows.
      const showing = !seen.has(photo.target) || joinsOthers(parseTarget(photo.target)!);
      seen.add(photo.target);
      // The size of the part its frame shows, as the site serves it.
      const { width, height } = describePhoto(photo);
      return {
        id: photo.id,
        src: `${photoPath(photo.id)}-160.jpg`,
        width,
        height,
        alt: photo.alt,
        target: labelOf(photo.target),
        showing,
        added: `Added by ${photo.created_by}, ${formatReceived(photo.created_at)}`,
        consent: `Consent confirmed by ${photo.consent_by}, ${formatReceived(photo.consent_at)}`,
      };
    }),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { db, content } = services;
  // Each photo put on the site or taken off it is an entry of the studio's history.
  const record = photoHistory(services, content.copy.offers.offers);
  const staff = context.get(staffContext);
  const read = await readPhotoUpload(request);
  if (read.kind === "too-large") {
    return data({ intent: "upload" as const, result: { status: "error", error: { file: [TOO_LARGE] } } as Reply }, { status: 413 });
  }
  if (read.kind !== "read") throw data("Send the form as the page does.", { status: 400 });
  const { fields, file } = read;
  if (fields.intent === "remove") {
    const id = Number(fields.id);
    const result = Number.isInteger(id) && id > 0 ? await removePhoto(db, staff, id, record) : { kind: "not-found" as const };
    if (result.kind !== "done") throw data("That photo is not on the site.", { status: 404 });
    return { intent: "remove" as const, done: "The photo is off the site: the picture before it is back." };
  }
  // Conform's reply echoes the fields (never the file) so the form keeps them beside any error.
  const echo = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined && name !== "intent") echo.set(name, value);
  const submission = parseWithZod(echo, { schema: photoFieldsSchema });
  const result = await addPhoto({ db, offers: content.copy.offers.offers, record }, staff, fields, file);
  switch (result.kind) {
    case "done":
      return { intent: "upload" as const, result: submission.reply({ resetForm: true }) as Reply, done: "The photo is on the site." };
    case "invalid":
      return data({ intent: "upload" as const, result: submission.reply({ fieldErrors: toConformErrors(result.fields) }) as Reply }, { status: 400 });
    default:
      return data(
        { intent: "upload" as const, result: submission.reply({ fieldErrors: { file: [PHOTO_REFUSALS[result.kind]] } }) as Reply },
        { status: photoRefusalStatus(result.kind) },
      );
  }
}

export default function StaffPhotos({ loaderData, actionData }: Route.ComponentProps) {
  useUnsavedChangesGuard();
  const { targets, photos, chosen } = loaderData;
  const done = actionData && "done" in actionData ? actionData.done : undefined;
  const lastResult = actionData?.intent === "upload" ? actionData.result : undefined;
  return (
    <StaffFrame
      title={TITLE}
      lead={
        <p>
          Take a photo or choose one from your phone and put it on the website. Removing a photo brings back the picture that was there before it.
        </p>
      }
    >
      <SaveStatus message={done}>
        <div className="grid gap-8 lg:grid-cols-[minmax(0,28rem)_1fr]">
          <HeadedSection id="upload-heading" className="rounded-2xl bg-white p-5 ring-1 ring-ink/10" title="Add a photo">
            <UploadForm targets={targets} chosen={chosen} lastResult={lastResult} />
          </HeadedSection>
          <HeadedSection id="shown-heading" title="On the site now">
            {photos.length === 0 ? (
              <p className="mt-2">No photos have been added yet: the site shows its sample pictures.</p>
            ) : (
              <ul className="mt-4 space-y-4">
                {photos.map((photo) => (
                  <li key={photo.id}>
                    <PhotoCard photo={photo} />
                  </li>
                ))}
              </ul>
            )}
          </HeadedSection>
        </div>
      </SaveStatus>
    </StaffFrame>
  );
}

/** The chosen photo, small, with a ring at the focus point: drawn on a canvas (no address for it, so the CSP is untouched). */
function drawPreview(canvas: HTMLCanvasElement, photo: ImageBitmap, focus: { x: number; y: number }) {
  const width = Math.min(480, photo.width);
  canvas.width = width;
  canvas.height = Math.round((width * photo.height) / photo.width);
  const context = canvas.getContext("2d");
  if (!context) return;
  context.drawImage(photo, 0, 0, canvas.width, canvas.height);
  const [x, y] = [focus.x * canvas.width, focus.y * canvas.height];
  for (const [colour, line] of [["#1e1a1d", 6], ["#ffffff", 3]] as const) {
    context.beginPath();
    context.arc(x, y, 18, 0, Math.PI * 2);
    context.strokeStyle = colour;
    context.lineWidth = line;
    context.stroke();
  }
}

function UploadForm({ targets, chosen, lastResult }: { targets: { value: string; label: string }[]; chosen: string; lastResult: Reply | undefined }) {
  const busy = useIntentPending("upload");
  const [form, fields] = useCheckedForm(photoFormSchema, { id: "photo-upload", lastResult, defaultValue: { focus_x: "0.5", focus_y: "0.5", for: chosen } });
  // With JavaScript: the chosen photo is shown, and a tap on it (or the arrow keys) sets the focus point the hidden fields send.
  const [photo, setPhoto] = useState<ImageBitmap | null>(null);
  const [focus, setFocus] = useState({ x: 0.5, y: 0.5 });
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (photo && canvas.current) drawPreview(canvas.current, photo, focus);
  }, [photo, focus]);
  // After an upload the form is empty again: so is the preview (adjusted while rendering, as React advises).
  const [answered, setAnswered] = useState(lastResult);
  if (answered !== lastResult) {
    setAnswered(lastResult);
    if (lastResult?.status === "success") {
      setPhoto(null);
      setFocus({ x: 0.5, y: 0.5 });
    }
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    // A picture the browser cannot draw (an HEIC on a computer, say) simply has no preview.
    setPhoto(file ? await createImageBitmap(file).catch(() => null) : null);
  }
  function pick(event: PointerEvent<HTMLCanvasElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    setFocus({ x: focusShare((event.clientX - box.left) / box.width), y: focusShare((event.clientY - box.top) / box.height) });
  }
  function nudge(event: KeyboardEvent<HTMLCanvasElement>) {
    const moved = focusAfterKey(focus, event.key, event.shiftKey);
    if (!moved) return;
    event.preventDefault();
    setFocus(moved);
  }

  return (
    <StudioForm form={form} hidden={{ intent: "upload" }} className="mt-4 space-y-5" encType="multipart/form-data">
      <SelectField meta={fields.for} label="What is it of?" options={targets} first={{ value: "", label: "Choose…" }} />
      <Field
        meta={fields.file}
        type="file"
        accept="image/*"
        label="Photo"
        hint="Take one with the camera or choose one from your photos: JPEG, PNG or WebP, up to 15 MB. Where it was taken and the camera's details are removed."
        inputClassName="py-2"
        onChange={(event) => void choose(event)}
      />
      <Field
        meta={fields.alt}
        label="Describe the photo"
        hint="Read out to people who cannot see it, for example “Freya cutting a short bob in the academy”."
        maxLength={ALT_MAX}
      />
      <fieldset>
        <legend className="font-semibold">Keep in the frame</legend>
        <input type="hidden" name={fields.focus_x.name} value={focus.x} />
        <input type="hidden" name={fields.focus_y.name} value={focus.y} />
        {photo ? (
          <>
            <p id="focus-how" className="mt-1 text-sm text-ink/75">
              Tap the photo where the face or the hair is, so smaller pictures are cut around it. On a keyboard, the arrow keys move the ring.
            </p>
            <canvas
              ref={canvas}
              onPointerDown={pick}
              onKeyDown={nudge}
              tabIndex={0}
              role="application"
              aria-label={`The photo, with a ring at the point kept in the frame: ${focusWords(focus)}`}
              aria-describedby="focus-how"
              className="mt-2 h-auto w-full max-w-xs cursor-crosshair touch-none rounded-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brass"
            />
            <p aria-live="polite" className="mt-2 text-sm font-semibold">
              Kept in the frame: {focusWords(focus)}.
            </p>
          </>
        ) : (
          <p className="mt-1 text-sm text-ink/75">The middle of the photo is kept in smaller pictures. Once you choose the photo, tap it where the face or the hair is to keep that instead.</p>
        )}
        <FieldError meta={fields.focus_x} />
      </fieldset>
      <CheckboxField meta={fields.consent} label="The people in this photo agreed to it being on the website." />
      <BusyButton busy={busy} busyText="Uploading…" className="button button-primary">Put it on the site</BusyButton>
    </StudioForm>
  );
}

function PhotoCard({ photo }: { photo: Route.ComponentProps["loaderData"]["photos"][number] }) {
  const busy = useIntentPending("remove", { id: photo.id });
  const headingId = `photo-${photo.id}`;
  return (
    <article aria-labelledby={headingId} className="flex flex-wrap gap-4 rounded-2xl bg-white p-4 ring-1 ring-ink/10">
      <img src={photo.src} alt={photo.alt} width={160} height={Math.round((160 * photo.height) / photo.width)} className="h-auto w-28 shrink-0 self-start rounded-lg sm:w-40" />
      <div className="min-w-0 flex-1">
        <h3 id={headingId} className="text-lg break-words">
          {photo.target}
        </h3>
        <p className="text-sm font-semibold">{photo.showing ? "Showing on the site" : "Waiting: shows again if the newer photo is removed"}</p>
        <p className="mt-1 break-words">“{photo.alt}”</p>
        <p className="mt-1 text-sm">{photo.added}</p>
        <p className="text-sm">{photo.consent}</p>
        <HiddenForm fields={{ intent: "remove", id: photo.id }} encType="multipart/form-data" className="mt-3">
          <BusyButton busy={busy} busyText="Removing…" className="button button-outline" who={`the photo of ${photo.target}`}>Remove</BusyButton>
        </HiddenForm>
      </div>
    </article>
  );
}
