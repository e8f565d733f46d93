/** A studio page: the staff frame, its lead with the way to the history, and the line that says what was just done. */
import type { ReactNode } from "react";
import { href, Link } from "react-router";
import { StaffFrame } from "./staff-frame";

export function StudioFrame({ title, lead, done, children }: { title: string; lead: ReactNode; done: string | undefined; children: ReactNode }) {
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
      <div aria-live="polite" className="mb-6 empty:hidden">
        {done ? <p className="notice">{done}</p> : null}
      </div>
      {children}
    </StaffFrame>
  );
}
