/**
 * A studio page: the staff frame, its lead with the way to the history, and the status line that says what the
 * action's last answer did (a warning when it met a newer change). Leaving with unsaved changes asks first.
 */
import type { ReactNode } from "react";
import { href, Link } from "react-router";
import { useUnsavedChangesGuard } from "~/components/forms/unsaved-changes";
import { SaveStatus } from "./save-status";
import { StaffFrame } from "./staff-frame";

export function StudioFrame({ title, lead, answer, children }: { title: string; lead: ReactNode; answer: { done?: string | undefined; conflict?: unknown } | undefined; children: ReactNode }) {
  useUnsavedChangesGuard();
  return (
    <StaffFrame
      title={title}
      lead={
        <p>
          {lead}{" "}
          <Link to={href("/staff/studio/history")} className="font-semibold underline">
            History and undo
          </Link>
        </p>
      }
    >
      <SaveStatus message={answer?.done} tone={answer?.conflict ? "warning" : "done"}>
        {children}
      </SaveStatus>
    </StaffFrame>
  );
}
