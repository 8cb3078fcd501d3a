import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "./csv";

describe("audit CSV cells", () => {
  it("turns would-be formulas into text and quotes what needs quoting", () => {
    expect(csvCell("=HYPERLINK(\"http://x\")")).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("-A1")).toBe("'-A1");
    expect(csvCell("-1e3")).toBe("'-1e3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe("");
    expect(csvCell({ from: "client" })).toBe('"{""from"":""client""}"');
    expect(csvRow(["x", 1, "=1"])).toBe("x,1,'=1\r\n");
  });

  it("keeps numbers numbers, negative ones (refunds) included", () => {
    expect(csvCell("-0.10")).toBe("-0.10");
    expect(csvCell("-2")).toBe("-2");
    expect(csvCell("12.50")).toBe("12.50");
    expect(csvCell(-7)).toBe("-7");
    expect(csvCell(-0.5)).toBe("-0.5");
    expect(csvRow(["refund", "-0.10", "USD"])).toBe("refund,-0.10,USD\r\n");
  });
});
