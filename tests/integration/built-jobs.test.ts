import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The production build must carry every background job. Job modules register their handlers and daily
 * schedules when loaded, and a bundler told that the app's modules have no side effects drops a module
 * imported only for that; then the server starts without them and nothing says so. Needs `npm run build`
 * (CI's `npm test` builds first; without a build and outside CI the check is skipped).
 */
const BUILD = "build/index.js";
const built = fs.existsSync(BUILD);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [p] : [];
  });
}

describe.skipIf(!built && !process.env.CI)("the server build", () => {
  it("defines every job the areas declare", () => {
    const names = sourceFiles("app").flatMap((file) => [...fs.readFileSync(file, "utf8").matchAll(/defineJob(?:<[^>]*>)?\(\s*"([^"]+)"/g)].map((m) => m[1]!));
    expect(names).toEqual(expect.arrayContaining(["notifications.purge", "tasks.reminders"]));
    const bundle = fs.readFileSync(BUILD, "utf8");
    expect(names.filter((name) => !bundle.includes(`"${name}"`))).toEqual([]);
    expect(bundle).toContain("function scheduleDaily");
  });
});
