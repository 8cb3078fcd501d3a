import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

/** Every redirect target from a request goes through safeRedirect; these must never leave the site (an open redirect lends our address to phishing). */
const HOSTILE = [
  "/\t/evil.example/",
  "/%09/evil.example/",
  "/\r\n/evil.example",
  "/\n/evil.example",
  "/\u0000/evil.example",
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/%5C/evil.example",
  "/%5c%5cevil.example",
  "https://evil.example/",
  "http:/evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "evil.example",
  " /client",
  "/%E0%A4%A",
  `/${"a".repeat(3000)}`,
];

describe("safeRedirect", () => {
  it.each(HOSTILE)("refuses %j and answers the fallback", (target) => {
    expect(safeRedirect(target, "/home")).toBe("/home");
  });

  it.each([null, undefined, "", 42 as unknown as string])("answers the fallback for %j", (target) => {
    expect(safeRedirect(target)).toBe("/");
  });

  it.each([
    ["/client", "/client"],
    ["/dashboard/service-orders?status=pending&page=2", "/dashboard/service-orders?status=pending&page=2"],
    ["/client/appointments/new#step-time", "/client/appointments/new#step-time"],
    ["/services/tax_efiling", "/services/tax_efiling"],
  ])("keeps the path %j on this site", (target, expected) => {
    expect(safeRedirect(target, "/home")).toBe(expected);
  });
});
