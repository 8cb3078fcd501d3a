import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "./csv";

describe("audit CSV cells", () => {
  it("turns would-be formulas into text and quotes what needs quoting", () => {
    expect(csvCell("=HYPERLINK(\"http://x\")")).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe("");
    expect(csvCell({ from: "client" })).toBe('"{""from"":""client""}"');
    expect(csvRow(["x", 1, "=1"])).toBe("x,1,'=1\r\n");
  });
});
