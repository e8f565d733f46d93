/**
 * The wording of the emails staff send to applicants (managers only: the
 * layout in app/routes.ts answers reception 403). Each template's subject and
 * body, with the placeholders it may use; an unknown one is refused.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { ErrorList, Field, TextareaField } from "~/components/forms/field-kit";
import { HeadedSection } from "~/components/page";
import { StaffFrame } from "~/components/staff/staff-frame";
import { BusyButton, useCheckedForm } from "~/components/staff/intent-form";
import type { StaffHandle } from "~/components/staff/staff-refusal";
import { loadTemplate, saveTemplate } from "~/modules/applicants/applicant-emails.server";
import { BODY_MAX, emailTemplateLabels, emailTemplateNames, isEmailTemplateName, placeholderWordsOf, SUBJECT_MAX, templateSchema, type EmailTemplateName } from "~/modules/applicants/email-templates";
import { listInWords, toPlainWords } from "~/modules/site/placeholder-words";
import { PlaceholderButtons } from "~/components/staff/text-tools";
import { formatReceived } from "~/utils/dates";
import { servicesContext } from "~/web/context";
import { staffMeta } from "~/web/staff-page";
import { staffPost } from "~/web/staff-route.server";
import type { Route } from "./+types/staff.email-templates";
import { useUnsavedChangesGuard } from "~/components/forms/unsaved-changes";

export const handle: StaffHandle = { staffTitle: "Email wording" };
export const meta = () => staffMeta("Email wording");

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const templates = await Promise.all(emailTemplateNames.map((name) => loadTemplate(db, name)));
  return {
    templates: templates.map((t) => ({
      name: t.name,
      label: emailTemplateLabels[t.name],
      // Shown in words ([first name]); the form's schema saves them as the tokens they stand for.
      subject: toPlainWords(t.subject, placeholderWordsOf(t.name)),
      body: toPlainWords(t.body, placeholderWordsOf(t.name)),
      placeholders: placeholderWordsOf(t.name),
      changed: t.changed ? `Changed by ${t.changed.by}, ${formatReceived(t.changed.at)}` : "As the site came",
    })),
  };
}

const formSchema = (name: EmailTemplateName) => templateSchema(name, { plainWords: true }).extend({ template: z.literal(name) });

export async function action({ context, request }: Route.ActionArgs) {
  const { services, staff, form } = await staffPost(context, request);
  const name = form.get("template");
  if (!isEmailTemplateName(name)) return data({ template: null, result: undefined, error: "There is no such email." }, { status: 400 });
  const submission = parseWithZod(form, { schema: formSchema(name) });
  if (submission.status !== "success") return data({ template: name, result: submission.reply(), error: undefined }, { status: 400 });
  await saveTemplate(services.db, staff, name, submission.value);
  return { template: name, result: submission.reply(), error: undefined, saved: true };
}

export default function EmailTemplates({ loaderData, actionData }: Route.ComponentProps) {
  useUnsavedChangesGuard();
  return (
    <StaffFrame title="Email wording" lead={<p>What applicants read in each email. Staff see the exact email, filled in, before they send it.</p>}>
      <ErrorList errors={actionData?.error ? [actionData.error] : undefined} />
      <div className="grid gap-8 lg:grid-cols-2">
        {loaderData.templates.map((t) => (
          <TemplateForm
            key={`${t.name}-${t.changed}`}
            template={t}
            lastResult={actionData?.template === t.name ? actionData.result : undefined}
            saved={actionData?.template === t.name && "saved" in actionData}
          />
        ))}
      </div>
    </StaffFrame>
  );
}

function TemplateForm({ template, lastResult, saved }: { template: Route.ComponentProps["loaderData"]["templates"][number]; lastResult: SubmissionResult<string[]> | undefined; saved: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("template") === template.name;
  const [form, fields] = useCheckedForm(formSchema(template.name), { id: `template-${template.name}`, lastResult, defaultValue: { subject: template.subject, body: template.body }, shouldValidate: "onBlur" });
  return (
    <HeadedSection id={`${template.name}-heading`} className="rounded-2xl bg-white p-5 ring-1 ring-ink/10" title={template.label}>
      <p className="mt-1 text-sm">{template.changed}</p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="template" value={template.name} />
        <ErrorList errors={form.errors} id={form.errorId} />
        <PlaceholderButtons words={template.placeholders} targets={[fields.body.id, fields.subject.id]}>
          <Field meta={fields.subject} label="Subject" maxLength={SUBJECT_MAX} />
          <TextareaField
            meta={fields.body}
            label="Body"
            hint={`Words in square brackets, like ${listInWords(template.placeholders)}, are filled in for each applicant: the buttons under the box put them in. A blank line starts a new paragraph.`}
            rows={12}
            maxLength={BODY_MAX}
          />
        </PlaceholderButtons>
        <div className="flex flex-wrap items-center gap-3">
          <BusyButton busy={busy} busyText="Saving…" className="button button-primary">{`Save '${template.label}'`}</BusyButton>
          <p role="status" className="empty:hidden font-semibold text-emerald-800">
            {saved ? "Saved." : ""}
          </p>
        </div>
      </Form>
    </HeadedSection>
  );
}
