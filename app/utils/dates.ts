import { format, parseISO } from "date-fns";

/** "2025-09-16" → "September 16th 2025": the blog's date format (MMMM Do YYYY). */
export function formatBlogDate(isoDate: string): string {
  return format(parseISO(isoDate), "MMMM do yyyy");
}
