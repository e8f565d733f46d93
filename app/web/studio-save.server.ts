/**
 * A studio form's save, as the studio pages' actions make it: the boxes checked
 * by the form's schema (refused beside them), then the change planned on the
 * files as they are now, given the version the form was opened at (decision
 * record 0069), and stored; answered to the form `which` names.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { Actor } from "~/modules/audit/audit.server";
import type { Files } from "~/modules/studio/changes";
import { changeContent, type ChangeOutcome, type ContentDb, type Planning } from "~/modules/studio/studio.server";
import { openedVersion } from "~/modules/studio/versions.server";
import { schemaRefusal, studioAnswer } from "./studio-reply";

export async function studioSave<Which extends object, Schema extends z.ZodType, T>(
  { services, staff, form }: { services: ContentDb; staff: Actor; form: FormData },
  which: Which,
  schema: Schema,
  plan: (files: Files, value: z.output<Schema>, opened: string | undefined) => Planning<T>,
  done?: (value: z.output<Schema>, outcome: ChangeOutcome<T>) => (summary: string) => string,
) {
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") return schemaRefusal(which, submission);
  const outcome = await changeContent(services, staff, (files) => plan(files, submission.value, openedVersion(form.get("version"))));
  return studioAnswer(which, submission, outcome, { form, done: done?.(submission.value, outcome) });
}
