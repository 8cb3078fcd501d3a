import { describe, expect, it } from "vitest";
import { renderHtml } from "../../tests/support/render";
import { BarList, ColumnChart, type ChartDatum } from "./charts";

const months: ChartDatum[] = [
  { label: "Sep", value: 4, href: "/dashboard/service-orders?month=2026-09" },
  { label: "Oct", value: 10 },
  { label: "Nov", value: 0 },
];
const format = (value: number) => String(value);
const props = { title: "Orders per month", data: months, format, labelHeader: "Month", valueHeader: "Orders" };

/** The columns are the rects of the group that paints them (the presentation is on the group). */
function barXs(html: string): number[] {
  const bars = /<g class="fill-primary">([\s\S]*?)<\/g>/.exec(html)?.[1] ?? "";
  return [...bars.matchAll(/<rect x="([\d.]+)" y="[\d.]+" width="[\d.]+" height="[\d.]+" rx="2">/g)].map((match) => Number(match[1]));
}

describe("server-rendered charts", () => {
  it("draws one column per datum, scaled, with the same figures in a table that links to the list", async () => {
    const html = await renderHtml(<ColumnChart {...props} />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Orders per month"');
    expect(barXs(html)).toHaveLength(3);
    expect([...html.matchAll(/rx="2"><title>[^<]+<\/title>/g)]).toHaveLength(3);
    expect(html).toContain("<caption");
    expect(html).toMatch(/<th scope="row"[^>]*><a [^>]*href="\/dashboard\/service-orders\?month=2026-09"[^>]*>Sep<\/a><\/th><td[^>]*>4<\/td>/);
    expect(html).toContain(">Oct</th><td");
    expect(html).not.toContain("<script");
  });

  it("runs from the right in Arabic: the first period is the right-most column", async () => {
    const ltr = barXs(await renderHtml(<ColumnChart {...props} />, "en"));
    const rtl = barXs(await renderHtml(<ColumnChart {...props} />, "ar"));
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
