import type { ApplicantListItem } from "~/modules/applicants/list-items";

/** Row and badge colours by follow-up. Every one also says its state in words. */
export const statusStyles: Record<ApplicantListItem["status"], { row: string; badge: string }> = {
  definitely: { row: "bg-emerald-50 border-l-emerald-700", badge: "bg-emerald-700 text-white" },
  maybe: { row: "bg-amber-50 border-l-amber-600", badge: "bg-amber-200 text-amber-950" },
  no: { row: "bg-rose-50 border-l-rose-700", badge: "bg-rose-700 text-white" },
  "": { row: "bg-white border-l-ink/20", badge: "bg-ink/10 text-ink" },
  archived: { row: "bg-stone-100 border-l-stone-500", badge: "bg-stone-600 text-white" },
};

export function StatusBadge({ status, label }: { status: ApplicantListItem["status"]; label: string }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${statusStyles[status].badge}`}>{label}</span>;
}

export function DuplicateBadge() {
  return (
    <span className="inline-block rounded-full border-2 border-brass-dark px-2 py-0.5 text-xs font-semibold text-brass-dark">
      Possible duplicate
    </span>
  );
}
