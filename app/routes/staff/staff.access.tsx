/**
 * Passkeys and devices (/staff/access): a staff member adds a passkey on the
 * device in hand and sees their own; a manager sees everyone's passkeys and
 * the devices that have signed in, and removes any of them (a lost phone, a
 * person who left). Every change goes to the audit trail.
 */
import { data, useNavigation } from "react-router";
import { AddPasskey } from "~/components/staff/passkeys";
import { HiddenForm, ItemButton } from "~/components/staff/intent-form";
import { StaffFrame } from "~/components/staff/staff-frame";
import type { StaffHandle } from "~/components/staff/staff-refusal";
import { formatReceived } from "~/utils/dates";
import { recordIdFrom } from "~/modules/fields/form-fields";
import { approvalRefusalStatus, approveDevice } from "~/modules/staff/device-approvals.server";
import { APPROVAL_CODE_LENGTH, deviceApprovalSchema } from "~/modules/staff/sign-in-schema";
import { NAME_MAX_LENGTH } from "~/modules/staff/pin-rules";
import { forgetDevice, listDevices } from "~/modules/staff/devices.server";
import { passkeysSeenBy, removePasskey } from "~/modules/staff/passkeys.server";
import { mayAct } from "~/modules/staff/roles";
import { servicesContext } from "~/web/context";
import { staffMeta } from "~/web/staff-page";
import { requireRole, staffContext, staffPost } from "~/web/staff-route.server";
import type { Route } from "./+types/staff.access";
import { HeadedSection } from "~/components/page";
import { PlainField } from "~/components/forms/field-kit";

export const handle: StaffHandle = { staffTitle: "Passkeys and devices" };
export const meta = () => staffMeta("Passkeys and devices");

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const staff = context.get(staffContext);
  const manager = mayAct(staff.role, "manager");
  const passkeys = await passkeysSeenBy(services.db, { id: staff.staffId, role: staff.role });
  const devices = manager ? await listDevices(services.db) : [];
  return {
    manager,
    passkeys: passkeys.map((p) => ({ ...p, added: formatReceived(p.createdAt), used: p.lastUsedAt ? formatReceived(p.lastUsedAt) : null })),
    devices: devices.map((d) => ({ ...d, first: formatReceived(d.createdAt), last: formatReceived(d.lastSeenAt) })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { services, staff, form } = await staffPost(context, request);
  const asked = form.get("intent");
  const intents = ["remove-passkey", "remove-device", "approve-device"] as const;
  const intent = intents.find((i) => i === asked) ?? ("unknown" as const);
  const by = { id: staff.staffId, name: staff.name };
  if (intent === "remove-passkey") {
    const removed = await removePasskey(services.db, { ...by, role: staff.role }, String(form.get("id") ?? ""));
    if (removed.kind === "not-yours") return data({ intent, error: removed.reason }, { status: 403 });
    if (removed.kind === "not-found") return data({ intent, error: "That passkey is no longer here." }, { status: 404 });
    return { intent, done: "Passkey removed." };
  }
  if (intent === "remove-device") {
    requireRole(context, "manager");
    const staffId = recordIdFrom(String(form.get("staffId") ?? ""));
    const ok = staffId !== undefined && (await forgetDevice(services.db, by, staffId, String(form.get("ref") ?? "")));
    if (!ok) return data({ intent, error: "That device is no longer here." }, { status: 404 });
    return { intent, done: "Device removed: it signs in as a new device from now on." };
  }
  if (intent === "approve-device") {
    const parsed = deviceApprovalSchema.safeParse({ code: form.get("code") ?? undefined, name: form.get("name") ?? undefined });
    if (!parsed.success) return data({ intent, error: parsed.error.issues.map((i) => i.message).join(". ") }, { status: 400 });
    const approved = await approveDevice(services.db, { ...by, role: staff.role }, parsed.data.code, parsed.data.name);
    if (approved.kind !== "approved") return data({ intent, error: approved.reason }, { status: approvalRefusalStatus[approved.kind] });
    return { intent, done: `Done: the device signs in as ${approved.name} in a moment.` };
  }
  return data({ intent, error: "That action isn't one this page knows." }, { status: 400 });
}

export default function StaffAccess({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { manager, passkeys, devices } = loaderData;
  const busy = navigation.state !== "idle";
  const outcome = actionData && "error" in actionData ? actionData.error : actionData && "done" in actionData ? actionData.done : null;
  return (
    <StaffFrame
      title="Passkeys and devices"
      lead={<p>A passkey lets you sign in on this phone or computer with your face, fingerprint or screen lock instead of your PIN.</p>}
    >
      <div className="space-y-10">
        <p role="status" className="empty:hidden rounded-lg bg-white p-3 font-semibold ring-1 ring-ink/10">
          {outcome}
        </p>
        {manager ? (
          <HeadedSection id="approve" title="Let a new device in" className="space-y-3">
            <p>
              Someone on a new phone or computer who can&apos;t sign in can ask for a code there. Type the code it shows and the name it asks to sign in
              as, once you know the person in front of you is that person. A device asking for a manager&apos;s name can be let in only by that manager.
            </p>
            <HiddenForm fields={{ intent: "approve-device" }} className="flex max-w-xl flex-wrap items-end gap-3">
              <PlainField
                id="approve-code"
                label="Code on the new device"
                name="code"
                className="grow"
                inputClassName="font-mono tracking-widest uppercase"
                required
                maxLength={APPROVAL_CODE_LENGTH + 2}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
              />
              <PlainField id="approve-name" label="Name it asks for" name="name" className="grow" required maxLength={NAME_MAX_LENGTH} autoComplete="off" spellCheck={false} />
              <button type="submit" className="button button-primary" disabled={busy}>
                Let this device in
              </button>
            </HiddenForm>
          </HeadedSection>
        ) : null}
        <HeadedSection id="add-passkey" title="Add a passkey" className="space-y-3">
          <AddPasskey />
        </HeadedSection>
        <HeadedSection id="passkeys" title={manager ? "Everyone's passkeys" : "Your passkeys"} className="space-y-3">
          {passkeys.length === 0 ? (
            <p>No passkeys yet.</p>
          ) : (
            <ul className="divide-y divide-ink/10 rounded-2xl bg-white ring-1 ring-ink/10">
              {passkeys.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <div>
                    <p className="font-semibold break-words">
                      {manager ? `${p.staffName}: ` : ""}
                      {p.label}
                    </p>
                    <p className="text-sm">
                      Added {p.added}
                      {p.used ? `, last used ${p.used}` : ", not used yet"}
                    </p>
                  </div>
                  <ItemButton intent="remove-passkey" fields={{ id: p.id }} name={`Remove passkey ${p.label}${manager ? ` of ${p.staffName}` : ""}`} busy={busy}>
                    Remove
                  </ItemButton>
                </li>
              ))}
            </ul>
          )}
        </HeadedSection>
        {manager ? (
          <HeadedSection id="devices" title="Devices that have signed in" className="space-y-3">
            <p>A known device can sign in even while sign-in is paused for new devices. Remove one that is lost or no longer used.</p>
            {devices.length === 0 ? (
              <p>No devices yet.</p>
            ) : (
              <ul className="divide-y divide-ink/10 rounded-2xl bg-white ring-1 ring-ink/10">
                {devices.map((d) => (
                  <li key={`${d.staffId}-${d.ref}`} className="flex flex-wrap items-center justify-between gap-3 p-4">
                    <div>
                      <p className="font-semibold">{d.staffName}</p>
                      <p className="text-sm">
                        First signed in {d.first}, last {d.last}
                      </p>
                    </div>
                    <ItemButton intent="remove-device" fields={{ staffId: d.staffId, ref: d.ref }} name={`Remove a device of ${d.staffName}, last used ${d.last}`} busy={busy}>
                      Remove
                    </ItemButton>
                  </li>
                ))}
              </ul>
            )}
          </HeadedSection>
        ) : null}
      </div>
    </StaffFrame>
  );
}
