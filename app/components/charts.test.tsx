import { describe, expect, it } from "vitest";
import { renderHtml } from "../../tests/support/render";
import { axisTicks, BarList, ColumnChart, type ChartDatum } from "./charts";

const months: ChartDatum[] = [
  { label: "Sep", value: 4, href: "/dashboard/service-orders?month=2026-09" },
  { label: "Oct", value: 10 },
  { label: "Nov", value: 0 },
];
const format = (value: number) => String(value);
const props = { title: "Orders per month", data: months, format, labelHeader: "Month", valueHeader: "Orders" };

/** The columns are the rects of the group that paints them (the presentation is on the group). */
function bars(html: string): Array<{ x: number; y: number; height: number }> {
  const group = /<g class="fill-primary">([\s\S]*?)<\/g>/.exec(html)?.[1] ?? "";
  return [...group.matchAll(/<rect x="(-?[\d.]+)" y="(-?[\d.]+)" width="[\d.]+" height="([\d.]+)">/g)].map((match) => ({
    x: Number(match[1]),
    y: Number(match[2]),
    height: Number(match[3]),
  }));
}
const ticksOf = (html: string) => [...html.matchAll(/data-chart-tick="true">([^<]*)</g)].map((match) => match[1]);
const labelsOf = (html: string) =>
  [...html.matchAll(/<span class="break-words" style="([^"]*)" data-chart-label="true">([^<]*)</g)].map((match) => ({ style: match[1]!, text: match[2]! }));

describe("axis ticks", () => {
  it("counts get whole-number steps, however small the largest count", () => {
    expect(axisTicks([0, 1, 0])).toEqual([0, 1]);
    expect(axisTicks([3])).toEqual([0, 1, 2, 3]);
    expect(axisTicks([])).toEqual([0, 1]);
    expect(axisTicks([7, 2])).toEqual([0, 2, 4, 6, 8]);
    for (const max of [1, 2, 3, 5, 9, 13, 47, 120, 999]) {
      const ticks = axisTicks([max]);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });

  it("money in cents gets whole dollars in steps of 1, 2 or 5 times a power of ten, a refund month below zero", () => {
    expect(axisTicks([1, 3, 0], 100)).toEqual([0, 100]);
    expect(axisTicks([12_345], 100)).toEqual([0, 5_000, 10_000, 15_000]);
    expect(axisTicks([250_000, 80_000], 100)).toEqual([0, 100_000, 200_000, 300_000]);
    expect(axisTicks([5_000, -2_000], 100)).toEqual([-2_000, 0, 2_000, 4_000, 6_000]);
  });
});

describe("server-rendered charts", () => {
  it("draws one column per datum, scaled, with the same figures in a table that links to the list", async () => {
    const html = await renderHtml(<ColumnChart {...props} />);
    expect(bars(html)).toHaveLength(3);
    // The tallest column reaches the top tick (10 on an axis 0 to 10).
    expect(bars(html)[1]).toMatchObject({ y: 0, height: 100 });
    expect([...html.matchAll(/"><title>[^<]+<\/title><\/rect>/g)]).toHaveLength(3);
    expect(html).toContain("<caption");
    expect(html).toMatch(/<th scope="row"[^>]*><a [^>]*href="\/dashboard\/service-orders\?month=2026-09"[^>]*>Sep<\/a><\/th><td[^>]*>4<\/td>/);
    expect(html).toContain(">Oct</th><td");
    expect(html).not.toContain("<script");
  });

  it("writes its words in HTML at 12 px, never as SVG text a narrow chart would shrink", async () => {
    const html = await renderHtml(<ColumnChart {...props} />);
    expect(html).not.toContain("<text");
    expect(/<div aria-hidden="true" class="([^"]*)" data-chart="columns">/.exec(html)?.[1]).toContain("text-xs");
    expect(ticksOf(html)).toEqual(["0", "5", "10"]);
    expect(labelsOf(html).map((label) => label.text)).toEqual(["Sep", "Oct", "Nov"]);
  });

  it("money ticks are written by their own format (whole dollars), counts never as fractions", async () => {
    const cents: ChartDatum[] = [
      { label: "Oct", value: 1 },
      { label: "Nov", value: 3 },
    ];
    const html = await renderHtml(
      <ColumnChart {...props} data={cents} unit={100} format={(value) => `$${(value / 100).toFixed(2)}`} tickFormat={(value) => `$${value / 100}`} />,
    );
    expect(ticksOf(html)).toEqual(["$0", "$1"]);
    const few = await renderHtml(<ColumnChart {...props} data={[{ label: "W1", value: 1 }]} />);
    expect(ticksOf(few)).toEqual(["0", "1"]);
  });

  it("labels many periods sparingly, each in its own box of the columns it stands for: they cannot overlap", async () => {
    const year = Array.from({ length: 13 }, (_, index) => ({ label: `سبتمبر ${index}`, value: index }));
    const html = await renderHtml(<ColumnChart {...props} data={year} />, "ar");
    const labels = labelsOf(html);
    expect(labels.map((label) => label.text)).toEqual(["سبتمبر 0", "سبتمبر 3", "سبتمبر 6", "سبتمبر 9", "سبتمبر 12"]);
    const spans = labels.map((label) => /grid-column:\s*(\d+)\s*\/\s*(\d+)/.exec(label.style)!.slice(1).map(Number) as [number, number]);
    for (let index = 1; index < spans.length; index += 1) expect(spans[index]![0]).toBeGreaterThanOrEqual(spans[index - 1]![1]);
  });

  it("runs from the right in Arabic: the first period is the right-most column", async () => {
    const ltr = bars(await renderHtml(<ColumnChart {...props} />, "en")).map((bar) => bar.x);
    const rtl = bars(await renderHtml(<ColumnChart {...props} />, "ar")).map((bar) => bar.x);
    expect(ltr[0]!).toBeLessThan(ltr[1]!);
    expect(rtl[0]!).toBeGreaterThan(rtl[1]!);
  });

  it("a bar list keeps its labels and values, longest bar for the largest value", async () => {
    const html = await renderHtml(<BarList {...props} title="Files by status" />);
    const widths = [...html.matchAll(/<rect width="([\d.]+)" height="10" rx="1" class="chart-bar fill-primary/g)].map((match) => Number(match[1]));
    expect(widths).toEqual([40, 100, 0]);
    expect(html).toContain("Files by status");
  });
});
