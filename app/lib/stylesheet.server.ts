import fs from "node:fs";
import path from "node:path";
import { publicStylesheetHref } from "./stylesheet";

let cached: string | undefined;

/** The built public stylesheet's text (its url()s are absolute, so it can be inlined as is). */
function stylesheetText(): string {
  if (cached !== undefined && process.env.NODE_ENV === "production") return cached;
  cached = fs.readFileSync(path.join(path.resolve("public"), publicStylesheetHref), "utf8");
  return cached;
}

/** The CSS to inline when the page ships no JavaScript (lib/hydration isBundleFree), else "". */
export function inlineStylesheetFor(bundleFree: boolean): string {
  if (!bundleFree) return "";
  try {
    return stylesheetText();
  } catch {
    return "";
  }
}
