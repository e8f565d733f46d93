/**
 * Visits (/staff/visits, managers): page views per day as a chart and a table,
 * the most viewed pages, and the quote funnel, for a range of days (the last
 * 30 by default). Counted on the server without cookies; nothing about who
 * visited is kept (decision 0031).
 */
import { data, Form } from "react-router";
import { PlainField } from "~/components/forms/field-kit";
import { ColumnHeads, HeadedSection } from "~/components/page";
import { StaffFrame } from "~/components/staff/staff-frame";
import type { StaffHandle } from "~/components/staff/staff-refusal";
import { dayChart } from "~/modules/visits/visit-chart";
import { FUNNEL_STEPS, funnelLabels } from "~/modules/visits/visit-rules";
import { reportRange, visitReport } from "~/modules/visits/visits.server";
import { salonToday } from "~/utils/dates";
import { servicesContext } from "~/web/context";
import { staffMeta, STAFF_PAGE_HEADERS } from "~/web/staff-page";
import type { Route } from "./+types/staff.visits";

export const handle: StaffHandle = { staffTitle: "Visits" };
export const meta = () => staffMeta("Visits");

/** Managers only: the route sits under the managers' layout (routes/staff/managers-layout.tsx). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const range = reportRange({ from: url.searchParams.get("from"), to: url.searchParams.get("to") }, salonToday());
  if (!range) throw data("Choose a start date no later than the end date, at most 550 days apart.", { status: 400, headers: STAFF_PAGE_HEADERS });
  await services.visits.flush();
  const report = await visitReport(services.db, range.from, range.to);
  return { range, report, chart: dayChart(report.days) };
}

/** The staff layout's guard takes the sign-in form and sign-out; nothing else posts here. */
export { guardOnlyAction as action } from "~/web/staff-route.server";

const shortDate = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

export default function Visits({ loaderData }: Route.ComponentProps) {
  const { range, report, chart } = loaderData;
  const total = report.days.reduce((sum, d) => sum + d.page_views, 0);
  const started = report.funnel.calculator_started;
  const share = (n: number) => (started ? ` (${Math.round((100 * n) / started)}%)` : "");
  return (
    <StaffFrame
      title="Visits"
      lead={
        <p>
          Pages seen on the site and how many people go from the price calculator to booking. Counted without cookies: we
          keep only a number for each page and day, never who visited. Robots and staff pages are not counted.
        </p>
      }
    >
      <div className="space-y-8">
        <Form method="get" className="flex flex-wrap items-end gap-4">
          <PlainField id="from" name="from" type="date" label="From" defaultValue={range.from} />
          <PlainField id="to" name="to" type="date" label="To" defaultValue={range.to} />
          <button type="submit" className="button button-primary">
            Show
          </button>
        </Form>

        <HeadedSection id="views-heading" title={<>Page views: {total.toLocaleString("en-GB")}</>} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/10 sm:p-5" headingClassName="text-xl">
          <svg
            viewBox={`0 0 ${chart.width} ${chart.height}`}
            role="img"
            aria-labelledby="chart-title"
            className="mt-3 h-auto w-full max-w-xl"
            data-testid="visits-chart"
          >
            <title id="chart-title">{`Page views per day from ${shortDate(range.from)} to ${shortDate(range.to)}: ${total} in all`}</title>
            {chart.gridlines.map((g) => (
              <g key={g.value}>
                <line x1={40} x2={chart.width} y1={g.y} y2={g.y} stroke="currentColor" strokeOpacity={0.15} />
                <text x={34} y={g.y + 5} textAnchor="end" fontSize={14} fill="currentColor">
                  {g.value}
                </text>
              </g>
            ))}
            {chart.bars.map((b) => (
              <rect key={b.date} x={b.x} y={b.y} width={b.width} height={b.height} className="fill-brass-dark">
                <title>{`${shortDate(b.date)}: ${b.value}`}</title>
              </rect>
            ))}
            {chart.labels.map((l) => (
              <text key={l.date} x={l.x} y={chart.height - 6} textAnchor={l.anchor} fontSize={14} fill="currentColor">
                {shortDate(l.date)}
              </text>
            ))}
          </svg>
        </HeadedSection>

        <HeadedSection id="funnel-heading" title="From a price to a booking" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/10 sm:p-5" headingClassName="text-xl">
          <ol className="mt-3 space-y-2">
            {FUNNEL_STEPS.map((step) => (
              <li key={step} className="flex justify-between gap-4 border-b border-ink/10 pb-2" data-testid={`funnel-${step}`}>
                <span>{funnelLabels[step]}</span>
                <strong className="tabular-nums">
                  {report.funnel[step]}
                  {step === "calculator_started" ? "" : share(report.funnel[step])}
                </strong>
              </li>
            ))}
          </ol>
        </HeadedSection>

        <div className="grid gap-8 lg:grid-cols-2">
          <HeadedSection id="pages-heading" title="Pages" headingClassName="text-xl">
            {report.pages.length === 0 ? (
              <p className="notice mt-3">No page views in these days.</p>
            ) : (
              <table className="mt-3 w-full text-left" data-testid="visits-pages">
                <ColumnHeads columns={[["Page", "py-1"], ["Views", "py-1 text-right"]]} />
                <tbody>
                  {report.pages.map((p) => (
                    <tr key={p.path} className="border-t border-ink/10">
                      <td className="py-1 break-all">{p.path}</td>
                      <td className="py-1 text-right tabular-nums">{p.views}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </HeadedSection>
          <HeadedSection id="days-heading" title="Days" headingClassName="text-xl">
            <table className="mt-3 w-full text-left">
              <ColumnHeads columns={[["Day", "py-1"], ["Page views", "py-1 text-right"]]} />
              <tbody>
                {[...report.days].reverse().map((d) => (
                  <tr key={d.date} className="border-t border-ink/10">
                    <td className="py-1">{shortDate(d.date)}</td>
                    <td className="py-1 text-right tabular-nums">{d.page_views}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </HeadedSection>
        </div>
      </div>
    </StaffFrame>
  );
}
