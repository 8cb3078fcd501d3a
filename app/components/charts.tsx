import { Link } from "@remix-run/react";
import { scaleLinear } from "d3-scale";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/lib/utils";

/**
 * Charts drawn as SVG on the server (no chart JavaScript on the page),
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
      {/* Cell styles come from `.chart-table` (app.css): one class, not one per cell, so a long table's HTML stays small. */}
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

function Figure({
  title,
  note,
  className,
  testId,
  children,
  table,
}: {
  title: string;
  note?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
  table: ReactNode;
}) {
  return (
    <figure className={cn("flex flex-col gap-2", className)} data-testid={testId}>
      <figcaption className="font-semibold">{title}</figcaption>
      {children}
      {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
      {table}
    </figure>
  );
}

/**
 * The values an axis marks: steps of 1, 2 or 5 times a power of ten, never finer than `unit`
 * (1: whole counts; 100: whole dollars of amounts in cents), from zero (or below, for a
 * negative value) to at least the largest value, about `count` of them.
 */
export function axisTicks(values: readonly number[], unit = 1, count = 4): number[] {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const rough = (high - low) / count;
  const power = rough > 0 ? 10 ** Math.floor(Math.log10(rough)) : unit;
  const step = Math.max(unit, [1, 2, 5, 10].map((times) => times * power).find((candidate) => candidate >= rough) ?? unit);
  const first = Math.floor(low / step);
  const last = Math.max(1, Math.ceil(high / step));
  return Array.from({ length: last - first + 1 }, (_, index) => (first + index) * step);
}

/** At most this many labels under the columns: each then has room for a two-line label on a phone. */
const MAX_LABELS = 6;
const hundredth = (value: number) => Math.round(value * 100) / 100;
const tenth = (value: number) => Math.round(value * 10) / 10;
const percent = (value: number) => `${hundredth(value)}%`;

/**
 * Columns over categories or periods (months, weeks); the axis runs from the reading start.
 * The columns are an SVG stretched to the plot's box; every word (the axis's values, the
 * periods) is HTML in CSS pixels, so it keeps its size whatever the chart's width. Under the
 * columns, one label in `labelEvery` has a box as wide as that many columns, centred on its
 * column, where it wraps: labels never overlap.
 */
export function ColumnChart(props: ChartProps & { unit?: number; tickFormat?: (value: number) => string }) {
  const { title, data, format, className, note, testId, unit = 1, tickFormat = format } = props;
  const { i18n } = useTranslation();
  const rtl = i18n.dir(i18n.language) === "rtl";
  const tableId = useId();
  const ticks = axisTicks(
    data.map((datum) => datum.value),
    unit,
  );
  const low = ticks[0]!;
  const high = ticks.at(-1)!;
  const y = (value: number) => ((high - value) / (high - low)) * 100;
  const band = data.length > 0 ? 100 / data.length : 100;
  // Drawn from the reading start: the first period is the right-most column in right-to-left pages.
  const x = (index: number) => (rtl ? 100 - (index + 1) * band : index * band) + band * 0.15;
  const labelEvery = Math.max(1, Math.ceil(data.length / MAX_LABELS));
  return (
    <Figure title={title} note={note} className={className} testId={testId} table={<ChartTable {...props} id={tableId} />}>
      {/* The figures are the table's, for screen readers; the drawing is for the eye and the mouse. */}
      <div aria-hidden className="grid grid-cols-[auto_minmax(0,1fr)] grid-rows-[12rem_auto] gap-x-2 text-xs text-muted-foreground" data-chart="columns">
        <div className="relative">
          {/* The widest value, invisible, gives the axis its width. */}
          {ticks.map((tick) => (
            <span key={`w${tick}`} className="invisible block h-0 whitespace-nowrap tabular-nums">
              {tickFormat(tick)}
            </span>
          ))}
          {ticks.map((tick) => (
            <span key={tick} className="absolute end-0 -translate-y-1/2 whitespace-nowrap tabular-nums" style={{ top: percent(y(tick)) }} data-chart-tick>
              {tickFormat(tick)}
            </span>
          ))}
        </div>
        <svg viewBox="0 0 100 100" preserveAspectRatio="none" className="size-full overflow-visible">
          <g className="stroke-border">
            {ticks.map((tick) => (
              <line key={tick} x1={0} x2={100} y1={hundredth(y(tick))} y2={hundredth(y(tick))} vectorEffect="non-scaling-stroke" />
            ))}
          </g>
          <g className="fill-primary">
            {data.map((datum, index) => {
              const top = Math.min(y(datum.value), y(0));
              const bar = (
                <rect
                  key={datum.label}
                  x={hundredth(x(index))}
                  y={hundredth(top)}
                  width={hundredth(band * 0.7)}
                  height={hundredth(Math.abs(y(0) - y(datum.value)))}
                >
                  <title>{`${datum.label}: ${format(datum.value)}`}</title>
                </rect>
              );
              return datum.href ? (
                <a key={datum.label} href={datum.href} tabIndex={-1}>
                  {bar}
                </a>
              ) : (
                bar
              );
            })}
          </g>
        </svg>
        <div className="col-start-2 grid pt-1 text-center leading-tight" style={{ gridTemplateColumns: `repeat(${data.length * 2}, minmax(0, 1fr))` }}>
          {data.map((datum, index) =>
            index % labelEvery === 0 ? (
              <span
                key={datum.label}
                className="break-words"
                style={{ gridRow: 1, gridColumn: `${Math.max(1, 2 * index + 2 - labelEvery)} / ${Math.min(2 * data.length + 1, 2 * index + 2 + labelEvery)}` }}
                data-chart-label
              >
                {datum.label}
              </span>
            ) : null,
          )}
        </div>
      </div>
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
