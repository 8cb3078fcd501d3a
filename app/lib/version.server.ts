import fs from "node:fs";
import path from "node:path";

/** The running version (package.json), read once. */
export const appVersion: string = (() => {
  try {
    return (JSON.parse(fs.readFileSync(path.resolve("package.json"), "utf8")) as { version?: string }).version ?? "0.0.0";
  } catch {
    return "0.0.0";
  }
})();
