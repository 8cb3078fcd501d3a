#!/usr/bin/env node
// npm run fonts — writes app/styles/fonts/*.woff2 and app/styles/fonts.css (both committed).
//
// The site's faces are IBM Plex Sans (Latin) and IBM Plex Sans Arabic, self-hosted from the
// @fontsource packages. The first screen needs only the letters the three languages write, so
// each weight gets a small "core" file that the public pages preload: a harfbuzz subset with the
// characters below, the OpenType features text shaping uses by default (Arabic joining forms,
// kerning, ligatures, marks: not the stylistic sets or fractions) and no TrueType hinting (macOS,
// iOS and Android ignore it, Chromium and Firefox on Windows draw outlines well without it):
// about 13 KB per Latin weight instead of 23, 11 KB per Arabic weight instead of 43–46.
// The full @fontsource files stay declared for everything else (a Persian letter in a client's
// name, Vietnamese, Latin Extended), with their unicode-range minus the core characters: the
// browser fetches a face only when the text holds a character of its own range.
// Every face is `font-display: optional`: text is drawn in its web font from the first paint
// (the preloaded core faces normally arrive in time; the browser waits up to ~100 ms for them) or,
// on a slow first visit, in the system font for that page, but the font never swaps in under the
// reader's eyes, so nothing shifts. The files are cached for the next pages.
import fs from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const FONTSOURCE = path.join(ROOT, "node_modules/@fontsource");
const OUT_DIR = path.join(ROOT, "app/styles/fonts");
const CSS_FILE = path.join(ROOT, "app/styles/fonts.css");
const WEIGHTS = [400, 600];

/** [first, last] code points; a single one as [cp, cp]. */
const CORE = {
  latin: [
    [0x20, 0x7e],
    [0xa0, 0xff], // Latin-1: French accents, ©, «», non-breaking space
    [0x152, 0x153], // Œ œ
    [0x2013, 0x2014], // – —
    [0x2018, 0x201a],
    [0x201c, 0x201e], // quotes
    [0x2022, 0x2022], // •
    [0x2026, 0x2026], // …
    [0x2039, 0x203a], // ‹ ›
    [0x20ac, 0x20ac], // €
    [0x2190, 0x2192], // ← ↑ → (a language pair: "en → ar")
    [0x2122, 0x2122], // ™
    [0x2212, 0x2212], // −
  ],
  arabic: [
    [0x60c, 0x60c], // ،
    [0x61b, 0x61b], // ؛
    [0x61f, 0x61f], // ؟
    [0x621, 0x63a], // letters
    [0x640, 0x655], // tatweel, letters, harakat
    [0x660, 0x66d], // Arabic-Indic digits, separators
    [0x670, 0x670], // superscript alef
    [0x200c, 0x200f], // joiners and direction marks
  ],
};

/** The complete faces: @fontsource's own files and unicode-ranges (the core characters are taken out below). */
const FULL = [
  {
    family: "IBM Plex Sans",
    pkg: "ibm-plex-sans",
    subset: "latin",
    range:
      "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD",
  },
  {
    family: "IBM Plex Sans",
    pkg: "ibm-plex-sans",
    subset: "latin-ext",
    range:
      "U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308, U+0329, U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF",
  },
  {
    family: "IBM Plex Sans Arabic",
    pkg: "ibm-plex-sans-arabic",
    subset: "arabic",
    range:
      "U+0600-06FF, U+0750-077F, U+0870-088E, U+0890-0891, U+0897-08E1, U+08E3-08FF, U+200C-200E, U+2010-2011, U+204F, U+2E41, U+FB50-FDFF, U+FE70-FE74, U+FE76-FEFC",
  },
];
const CORE_FACES = [
  { family: "IBM Plex Sans", pkg: "ibm-plex-sans", subset: "latin", core: CORE.latin },
  { family: "IBM Plex Sans Arabic", pkg: "ibm-plex-sans-arabic", subset: "arabic", core: CORE.arabic },
];

/** harfbuzz's default shaping features (hb-subset's own default list). */
const SHAPING_FEATURES =
  "abvf abvm abvs akhn blwf blwm blws calt ccmp cfar cjct clig curs dist fina fin2 fin3 half haln init isol jalt kern liga ljmo locl ltra ltrm mark med2 medi mkmk mset nukt pref pres pstf psts rand rclt rkrf rlig rphf rtla rtlm rvrn tjmo vatu vjmo".split(
    " ",
  );

/** "U+0041-005A, U+00E9" → [[0x41, 0x5a], [0xe9, 0xe9]] */
const parseRange = (text) =>
  text.split(",").map((part) => {
    const [first, last = first] = part.trim().replace(/^U\+/i, "").split("-");
    return [parseInt(first, 16), parseInt(last, 16)];
  });
/** The code points of `ranges` that are not in `minus`. */
function subtract(ranges, minus) {
  let result = ranges;
  for (const [a, b] of minus) {
    result = result.flatMap(([first, last]) => {
      if (b < first || a > last) return [[first, last]];
      return [...(first < a ? [[first, a - 1]] : []), ...(last > b ? [[b + 1, last]] : [])];
    });
  }
  return result;
}

const hex = (cp) => cp.toString(16).toUpperCase().padStart(4, "0");
const unicodeRange = (ranges) => ranges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(", ");
const characters = (ranges) => ranges.map(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => String.fromCodePoint(a + i)).join("")).join("");
const sourceFile = (pkg, subset, weight) => path.join(FONTSOURCE, pkg, "files", `${pkg}-${subset}-${weight}-normal.woff2`);

function face(family, weight, src, range) {
  return `@font-face {
  font-family: "${family}";
  font-style: normal;
  font-weight: ${weight};
  font-display: optional;
  src: url("${src}") format("woff2");
  unicode-range: ${range};
}
`;
}

fs.mkdirSync(OUT_DIR, { recursive: true });
let css = `/* Generated by scripts/subset-fonts.js (npm run fonts): do not edit. */\n\n/* The complete faces, for characters outside the core files. */\n`;
for (const { family, pkg, subset, range } of FULL) {
  const core = CORE_FACES.filter((face) => face.family === family).flatMap((face) => face.core);
  const rest = unicodeRange(subtract(parseRange(range), core));
  for (const weight of WEIGHTS) css += face(family, weight, `@fontsource/${pkg}/files/${pkg}-${subset}-${weight}-normal.woff2`, rest);
}
css += `\n/* The core faces: what the pages preload. */\n`;
for (const { family, pkg, subset, core } of CORE_FACES) {
  for (const weight of WEIGHTS) {
    const source = fs.readFileSync(sourceFile(pkg, subset, weight));
    const subsetted = await subsetFont(source, characters(core), { targetFormat: "woff2", keepFeatures: SHAPING_FEATURES, noHinting: true });
    const name = `${pkg}-core-${weight}.woff2`;
    fs.writeFileSync(path.join(OUT_DIR, name), subsetted);
    console.log(`${name}: ${source.length} → ${subsetted.length} bytes`);
    css += face(family, weight, `./fonts/${name}`, unicodeRange(core));
  }
}
fs.writeFileSync(CSS_FILE, css);
console.log(`wrote ${path.relative(ROOT, CSS_FILE)}`);
