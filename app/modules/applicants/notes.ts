import { formatShortDate } from "~/utils/dates";

export interface NoteRow {
  author: string;
  text: string;
  created_at: string;
}

/** Notes can be long, but not a document. */
export const NOTE_MAX_LENGTH = 2000;

/** "{name} {dd/MM/yy}: {text}", the date as it was in the salon (Europe/London). */
export function formatNoteLine(note: NoteRow): string {
  return `${note.author} ${formatShortDate(note.created_at)}: ${note.text}`;
}
