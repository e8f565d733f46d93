/**
 * Offers consents (/staff/marketing, managers): who ticked "email me offers"
 * or "text me offers", on which form, when, and the words they agreed to,
 * newest first, with a CSV download (staff-marketing.export.ts). Each look is
 * in the audit trail.
 */
import { data, Form } from "react-router";
import { ErrorList } from "~/components/forms/field-kit";
import { StaffFrame } from "~/components/staff/staff-frame";
import type { StaffHandle } from "~/components/staff/staff-refusal";
import { recordAudit, recordLook } from "~/modules/audit/audit.server";
import { formatReceived } from "~/utils/dates";
import { listMarketingConsents, removeMarketingConsent } from "~/modules/marketing/consents.server";
import { servicesContext } from "~/web/context";
import { staffMeta } from "~/web/staff-page";
import { staffContext, staffPost } from "~/web/staff-route.server";
import type { Route } from "./+types/staff.marketing";

export const handle: StaffHandle = { staffTitle: "Offers consents" };
export const meta = () => staffMeta("Offers consents");

/** Managers only: the route sits under the managers' layout (routes/staff/managers-layout.tsx). */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const staff = context.get(staffContext);
  const consents = await listMarketingConsents(services.db);
  await recordLook(services.db, { actor: staff.name, action: "viewed", subjectType: "marketing-consents", detail: `${consents.length} consents listed` });
  return { consents: consents.map((c) => ({ ...c, given: formatReceived(c.givenAt) })) };
}

/** Remove: the person asked to stop. The audit trail keeps who removed which number, not the person. */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, staff, form } = await staffPost(context, request);
  if (form.get("intent") !== "remove") return data({ intent: "unknown" as const, error: "That action isn't one this page knows." }, { status: 400 });
  const id = String(form.get("id") ?? "");
  const removed = /^\d{1,9}$/.test(id) && (await removeMarketingConsent(services.db, Number(id)));
  if (!removed) return data({ intent: "remove" as const, error: "That consent is no longer here." }, { status: 404 });
  await recordAudit(services.db, { actor: staff.name, action: "removed", subjectType: "marketing-consent", subjectId: id });
  return { intent: "remove" as const, removed: true };
}

export default function MarketingConsents({ loaderData, actionData }: Route.ComponentProps) {
  const { consents } = loaderData;
  return (
    <StaffFrame
      title="Offers consents"
      lead={
        <p>
          People who ticked a box on the quote or job application form to hear about offers. Send offers only by the way
          each person agreed to, and stop when they ask.
        </p>
      }
    >
      <div className="space-y-6">
        <div aria-live="polite" className="empty:hidden">
          {actionData && "removed" in actionData ? <p className="notice">Removed: they will get no more offers from this list.</p> : null}
        </div>
        <ErrorList errors={actionData && "error" in actionData ? [actionData.error] : undefined} />
        <Form method="post" action="/staff/marketing/export" reloadDocument>
          <button type="submit" className="button button-primary" disabled={consents.length === 0}>
            Download CSV
          </button>
        </Form>
        {consents.length === 0 ? (
          <p className="notice">Nobody has asked for offers yet.</p>
        ) : (
          <ul className="space-y-4" data-testid="consents">
            {consents.map((c) => (
              <li key={c.id}>
                <article aria-label={c.name} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/10 sm:p-5">
                  <p className="font-semibold">{c.name}</p>
                  <p className="mt-1 text-sm">
                    {c.sourceLabel} · {c.given}
                  </p>
                  <ul className="mt-2 space-y-1">
                    {c.emailAgreed && c.email ? (
                      <li className="break-all">
                        <span className="font-semibold">Email offers: </span>
                        <a href={`mailto:${c.email}`} className="underline">
                          {c.email}
                        </a>
                      </li>
                    ) : null}
                    {c.smsAgreed && c.mobile ? (
                      <li>
                        <span className="font-semibold">Text offers: </span>
                        <a href={`tel:${c.mobile}`} className="underline">
                          {c.mobile}
                        </a>
                      </li>
                    ) : null}
                  </ul>
                  <Form method="post" className="mt-3">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="id" value={c.id} />
                    <button type="submit" className="button button-outline">
                      Remove: they asked to stop
                    </button>
                  </Form>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </StaffFrame>
  );
}
