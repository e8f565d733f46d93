/** A studio page: the staff frame, its lead with the way to the history, and the status line that says what was just done. */
import type { ReactNode } from "react";
import { href, Link } from "react-router";
import { SaveStatus, type StatusTone } from "./save-status";
import { StaffFrame } from "./staff-frame";

export function StudioFrame({ title, lead, done, tone, children }: { title: string; lead: ReactNode; done: string | undefined; tone?: StatusTone; children: ReactNode }) {
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
      <SaveStatus message={done} tone={tone}>
        {children}
      </SaveStatus>
    </StaffFrame>
  );
}
