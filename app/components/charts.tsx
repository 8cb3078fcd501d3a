import { Link } from "@remix-run/react";
import { scaleBand, scaleLinear } from "d3-scale";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/lib/utils";

/**
 * Charts drawn as SVG on the server (no chart JavaScript on the page; STACK-NOTES 20),
 * mirrored in right-to-left languages, each followed by the same figures as a table
 * (visible on request, always read by screen readers). A datum may link to the list
 * it counts, filtered. d3-scale does the arithmetic only.
 */
export type ChartDatum = { label: string; value: number; href?: string };

type ChartProps = {
  /** The chart's name, also the table's caption. */
  title: string;
  data: ChartDatum[];
  /** How a value is written (money, a count, a duration). */
  format: (value: number) => string;
  /** The header of the label column of the table, e.g. "Month". */
  labelHeader: string;
  /** The header of the value column, e.g. "Orders". */
  valueHeader: string;
  /** A line under the chart, e.g. the period it covers. */
  note?: ReactNode;
  className?: string;
  testId?: string;
};

function ChartTable({ id, title, data, format, labelHeader, valueHeader }: Omit<ChartProps, "className" | "note" | "testId"> & { id: string }) {
  const { t } = useTranslation();
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-muted-foreground hover:text-foreground">{t("charts.showTable")}</summary>
      {/* Cell styles come from `.chart-table` (app.css): one class, not one per cell (issue 19: small pages). */}
      <table id={id} className="chart-table">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">{valueHeader}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((datum) => (
            <tr key={datum.label}>
              <th scope="row">
                {datum.href ? (
                  <Link to={datum.href} className="text-primary underline underline-offset-4">
                    {datum.label}
                  </Link>
                ) : (
                  datum.label
                )}
              </th>
              <td>{format(datum.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function Figure({ title, note, className, testId, children, table }: { title: string; note?: ReactNode; className?: string; testId?: string; children: ReactNode; table: ReactNode }) {
  return (
    <figure className={cn("flex flex-col gap-2", className)} data-testid={testId}>
      <figcaption className="font-semibold">{title}</figcaption>
      {children}
      {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
      {table}
    </figure>
  );
}

const WIDTH = 640;
const HEIGHT = 240;
const MARGIN = { top: 16, bottom: 40, side: 48, end: 12 };
const tenth = (value: number) => Math.round(value * 10) / 10;

/** Columns over categories or periods (months, weeks); the axis runs from the reading start. */
export function ColumnChart(props: ChartProps) {
  const { title, data, format, className, note, testId } = props;
  const { i18n } = useTranslation();
  const rtl = i18n.dir(i18n.language) === "rtl";
  const tableId = useId();
  const max = Math.max(1, ...data.map((datum) => datum.value));
  const y = scaleLinear().domain([0, max]).nice(4).range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const labels = data.map((datum) => datum.label);
  const x = scaleBand<string>()
    .domain(rtl ? [...labels].reverse() : labels)
    .range(rtl ? [MARGIN.end, WIDTH - MARGIN.side] : [MARGIN.side, WIDTH - MARGIN.end])
    .padding(0.25);
  const axisX = rtl ? WIDTH - MARGIN.side : MARGIN.side;
  const ticks = y.ticks(4);
  // Every label when they fit, else every other one.
  const labelEvery = data.length > 12 ? Math.ceil(data.length / 12) : 1;
  return (
    <Figure title={title} note={note} className={className} testId={testId} table={<ChartTable {...props} id={tableId} />}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-label={title} aria-describedby={tableId} direction={rtl ? "rtl" : "ltr"}>
        {/* Shared presentation on the groups, coordinates to a tenth: the page stays small (issue 19). */}
        <g className="stroke-border">
          {ticks.map((tick) => (
            <line key={tick} x1={MARGIN.end} x2={WIDTH - MARGIN.end} y1={tenth(y(tick))} y2={tenth(y(tick))} />
          ))}
        </g>
        <g className="fill-muted-foreground text-[11px]" textAnchor={rtl ? "start" : "end"}>
          {ticks.map((tick) => (
            <text key={tick} x={axisX + (rtl ? 6 : -6)} y={tenth(y(tick))} dy="0.32em">
              {format(tick)}
            </text>
          ))}
        </g>
        <g className="fill-primary">
          {data.map((datum) => {
            const top = y(datum.value);
            const bar = (
              <rect key={datum.label} x={tenth(x(datum.label) ?? 0)} y={tenth(top)} width={tenth(x.bandwidth())} height={tenth(Math.max(0, HEIGHT - MARGIN.bottom - top))} rx={2}>
                <title>{`${datum.label}: ${format(datum.value)}`}</title>
              </rect>
            );
            return datum.href ? (
              <a key={datum.label} href={datum.href} tabIndex={-1} aria-hidden>
                {bar}
              </a>
            ) : (
              bar
            );
          })}
        </g>
        <g className="fill-muted-foreground text-[11px]" textAnchor="middle">
          {data.map((datum, index) =>
            index % labelEvery === 0 ? (
              <text key={datum.label} x={tenth((x(datum.label) ?? 0) + x.bandwidth() / 2)} y={HEIGHT - MARGIN.bottom + 16}>
                {datum.label}
              </text>
            ) : null,
          )}
        </g>
      </svg>
    </Figure>
  );
}

/** Horizontal bars with their labels beside them (states, language pairs): easy to read in any language. */
export function BarList(props: ChartProps) {
  const { title, data, format, className, note, testId } = props;
  const tableId = useId();
  const max = Math.max(1, ...data.map((datum) => datum.value));
  const width = scaleLinear().domain([0, max]).range([0, 100]);
  return (
    <Figure title={title} note={note} className={className} testId={testId} table={<ChartTable {...props} id={tableId} />}>
      <div role="img" aria-label={title} aria-describedby={tableId}>
        <ul aria-hidden className="grid grid-cols-[minmax(6rem,10rem)_1fr_auto] items-center gap-x-3 gap-y-2 text-sm">
          {data.map((datum) => (
            <li key={datum.label} className="contents">
              <span className="truncate">{datum.label}</span>
              <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="h-3 w-full">
                <rect width={100} height={10} rx={1} className="fill-muted" />
                {/* Drawn from the start edge: mirrored in right-to-left pages by the container's direction. */}
                <rect width={tenth(width(datum.value))} height={10} rx={1} className="chart-bar fill-primary" />
              </svg>
              <span className="tabular-nums text-muted-foreground">{format(datum.value)}</span>
            </li>
          ))}
        </ul>
      </div>
    </Figure>
  );
}
