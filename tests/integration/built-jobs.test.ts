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

/** The job names a module defines, written in the call or through a constant of the same module. */
function jobNamesIn(source: string): string[] {
  return [...source.matchAll(/defineJob(?:<[^>]*>)?\(\s*(?:"([^"]+)"|([A-Za-z_$][\w$]*))/g)].flatMap(([, literal, constant]) => {
    if (literal) return [literal];
    const declared = new RegExp(`const ${constant}\\s*=\\s*"([^"]+)"`).exec(source);
    if (!declared) throw new Error(`the job name ${constant} is not a string constant of its module`);
    return [declared[1]!];
  });
}

describe.skipIf(!built && !process.env.CI)("the server build", () => {
  it("defines every job the areas declare", () => {
    const names = sourceFiles("app")
      .filter((file) => path.normalize(file) !== path.normalize("app/lib/jobs.server.ts"))
      .flatMap((file) => jobNamesIn(fs.readFileSync(file, "utf8")));
    expect(names).toEqual(expect.arrayContaining(["notifications.purge", "tasks.reminders", "translations.autoProcess", "requests.reminders"]));
    const bundle = fs.readFileSync(BUILD, "utf8");
    expect(names.filter((name) => !bundle.includes(`"${name}"`))).toEqual([]);
    expect(bundle).toContain("function scheduleDaily");
  });
});
