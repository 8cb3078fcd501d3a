import { describe, expect, it } from "vitest";
import { csvResponse } from "./csv.server";

async function* each<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

/** The rows after the header, as written. */
async function body(rows: ReadonlyArray<readonly unknown[]>, header: readonly string[] = ["a", "b", "c"]): Promise<string> {
  const text = await csvResponse({ filename: "x.csv", header, rows: each(rows) }).text();
  const headerLine = `${header.join(",")}\r\n`;
  expect(text.startsWith(headerLine)).toBe(true);
  return text.slice(headerLine.length);
}

const cell = async (value: unknown) => (await body([[value]], ["a"])).replace(/\r\n$/, "");

describe("the CSV writer", () => {
  it("turns would-be formulas into text and quotes what needs quoting", async () => {
    expect(await cell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(await cell("+1")).toBe("'+1");
    expect(await cell("-2+3")).toBe("'-2+3");
    expect(await cell("-A1")).toBe("'-A1");
    expect(await cell("-1e3")).toBe("'-1e3");
    expect(await cell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(await cell("\tcmd")).toBe("'\tcmd");
    expect(await cell("\rcmd")).toBe(`"'\rcmd"`);
    expect(await cell("\uFF1D1+1")).toBe("'\uFF1D1+1");
    expect(await cell("a,b")).toBe('"a,b"');
    expect(await cell('say "hi"')).toBe('"say ""hi"""');
    expect(await cell("line\nbreak")).toBe('"line\nbreak"');
    expect(await cell("line\r\nbreak")).toBe('"line\r\nbreak"');
    expect(await cell("")).toBe("");
    expect(await cell(null)).toBe("");
    expect(await cell(undefined)).toBe("");
    expect(await cell({ from: "client" })).toBe('"{""from"":""client""}"');
    expect(await body([["x", 1, "=1"]])).toBe("x,1,'=1\r\n");
  });

  it("keeps numbers numbers, negative ones (refunds) included", async () => {
    expect(await cell("-0.10")).toBe("-0.10");
    expect(await cell("-2")).toBe("-2");
    expect(await cell("12.50")).toBe("12.50");
    expect(await cell(-7)).toBe("-7");
    expect(await cell(-0.5)).toBe("-0.5");
    expect(await body([["refund", "-0.10", "USD"]])).toBe("refund,-0.10,USD\r\n");
  });

  it("opens with a UTF-8 byte-order mark and the header, even without rows, and answers as a download", async () => {
    const response = csvResponse({ filename: "audit-log-2026-01-02.csv", header: ["time_utc", "actor_name"], rows: each([]) });
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="audit-log-2026-01-02.csv"');
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.slice(3))).toBe("time_utc,actor_name\r\n");
    expect(await body([["نور", "Zoë"]], ["a", "b"])).toBe("نور,Zoë\r\n");
  });

  it("reads rows only as the download is taken, and stops reading when it is closed", async () => {
    let read = 0;
    let closed = false;
    async function* many(): AsyncGenerator<string[]> {
      try {
        for (; read < 1_000_000;) yield [`row ${++read}`, "x".repeat(100)];
      } finally {
        closed = true;
      }
    }
    const reader = csvResponse({ filename: "x.csv", header: ["a", "b"], rows: many() }).body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(5_000);
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(true);
    expect(read).toBeLessThan(5_000);
  });

  it("ends the download with an error when reading the rows fails", async () => {
    async function* failing(): AsyncGenerator<string[]> {
      yield ["one"];
      throw new Error("database gone");
    }
    await expect(csvResponse({ filename: "x.csv", header: ["a"], rows: failing() }).text()).rejects.toThrow();
  });
});
