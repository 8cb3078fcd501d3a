import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as seed from "../../db/seed/content/firm";

// The pages preload only the small core faces (scripts/subset-fonts.js). If a translation or the
// seeded content uses a character outside them, the browser quietly fetches a complete face as well:
// these tests name the character and where it was written.

const ROOT = path.resolve(__dirname, "../..");
const css = fs.readFileSync(path.join(ROOT, "app/styles/fonts.css"), "utf8");

type Face = { family: string; weight: string; src: string; ranges: Array<[number, number]> };

function faces(): Face[] {
  return [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map(([, body]) => {
    const value = (name: string) => body!.match(new RegExp(`${name}:\\s*([^;]+);`))?.[1]?.trim() ?? "";
    const ranges = value("unicode-range")
      .split(",")
      .map((part) => part.trim().replace(/^U\+/i, ""))
      .map((part): [number, number] => {
        const [first, last = first] = part.split("-");
        return [parseInt(first!, 16), parseInt(last!, 16)];
      });
    return { family: value("font-family").replace(/"/g, ""), weight: value("font-weight"), src: value("src"), ranges };
  });
}

const isCore = (face: Face) => face.src.includes("./fonts/");
const covers = (face: Face, codePoint: number) => face.ranges.some(([first, last]) => codePoint >= first && codePoint <= last);
const isArabic = (codePoint: number) => (codePoint >= 0x600 && codePoint <= 0x6ff) || (codePoint >= 0xfb50 && codePoint <= 0xfeff);

/** Every string in a JSON-like value, each with the path it was found at. */
function* strings(value: unknown, where: string): Generator<[string, string]> {
  if (typeof value === "string") yield [value, where];
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* strings(item, `${where}[${index}]`);
  else if (value && typeof value === "object") for (const [key, item] of Object.entries(value)) yield* strings(item, `${where}.${key}`);
}

function* siteTexts(): Generator<[string, string]> {
  const locales = path.join(ROOT, "app/locales");
  for (const language of fs.readdirSync(locales)) {
    for (const file of fs.readdirSync(path.join(locales, language))) {
      yield* strings(JSON.parse(fs.readFileSync(path.join(locales, language, file), "utf8")), `app/locales/${language}/${file}`);
    }
  }
  yield* strings(seed, "db/seed/content/firm.ts");
  const legal = path.join(ROOT, "db/seed/content/legal");
  for (const language of fs.readdirSync(legal)) {
    for (const file of fs.readdirSync(path.join(legal, language))) {
      yield [fs.readFileSync(path.join(legal, language, file), "utf8"), `db/seed/content/legal/${language}/${file}`];
    }
  }
}

describe("the core font subsets", () => {
  const all = faces();
  const core = all.filter(isCore);

  it("declare each family and weight the stylesheet uses, and leave their characters out of the complete faces", () => {
    expect(core.map((face) => `${face.family} ${face.weight}`).sort()).toEqual([
      "IBM Plex Sans 400",
      "IBM Plex Sans 600",
      "IBM Plex Sans Arabic 400",
      "IBM Plex Sans Arabic 600",
    ]);
    for (const face of core) expect(fs.existsSync(path.join(ROOT, "app/styles", face.src.match(/url\("([^"]+)"\)/)![1]!))).toBe(true);
    // A character in both would let the browser fetch the complete file while the core one is on its way.
    for (const complete of all.filter((face) => !isCore(face))) {
      for (const face of core.filter((candidate) => candidate.family === complete.family)) {
        const shared = face.ranges.filter(([first, last]) => complete.ranges.some(([a, b]) => a <= last && b >= first));
        expect(shared, `${complete.src} and ${face.src}`).toEqual([]);
      }
    }
  });

  it("cover every character the translations and the seeded content write", () => {
    const latin = core.filter((face) => face.family === "IBM Plex Sans");
    const arabic = core.filter((face) => face.family === "IBM Plex Sans Arabic");
    const missing = new Map<string, string>();
    for (const [text, where] of siteTexts()) {
      for (const character of text) {
        const codePoint = character.codePointAt(0)!;
        if (codePoint < 0x20 || (codePoint >= 0x200b && codePoint <= 0x200f)) continue; // breaks, joiners and direction marks draw nothing
        const faces = isArabic(codePoint) ? arabic : latin;
        if (!faces.every((face) => covers(face, codePoint)) && !missing.has(character)) {
          missing.set(character, `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")} in ${where}`);
        }
      }
    }
    expect([...missing.values()]).toEqual([]);
  });
});
