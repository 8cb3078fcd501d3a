import arabic400 from "~/styles/fonts/ibm-plex-sans-arabic-core-400.woff2";
import arabic600 from "~/styles/fonts/ibm-plex-sans-arabic-core-600.woff2";
import latin400 from "~/styles/fonts/ibm-plex-sans-core-400.woff2";
import latin600 from "~/styles/fonts/ibm-plex-sans-core-600.woff2";

/**
 * The faces the first screen uses, per language, preloaded so that they are there
 * for the first paint (the faces are `font-display: optional`: whatever misses it is
 * drawn in the system font for that page, never swapped): the small core subsets of
 * app/styles/fonts.css (scripts/subset-fonts.js). Arabic pages also show Latin words
 * above the fold (the firm's name, the other languages' names), so they preload the
 * Latin faces too. The bundler names the files by content, as in the stylesheet.
 */
export function fontPreloads(language: string): Array<{ tagName: "link"; rel: "preload"; as: "font"; type: "font/woff2"; href: string; crossOrigin: "anonymous" }> {
  const files = language === "ar" ? [arabic400, arabic600, latin400, latin600] : [latin400, latin600];
  return files.map((href) => ({ tagName: "link", rel: "preload", as: "font", type: "font/woff2", href, crossOrigin: "anonymous" }));
}
