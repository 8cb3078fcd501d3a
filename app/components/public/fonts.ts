import arabic400 from "@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff2";
import arabic600 from "@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-600-normal.woff2";
import latin400 from "@fontsource/ibm-plex-sans/files/ibm-plex-sans-latin-400-normal.woff2";
import latin600 from "@fontsource/ibm-plex-sans/files/ibm-plex-sans-latin-600-normal.woff2";

/**
 * The faces the first screen uses, per language, preloaded so that the text is
 * drawn in its own font from the start (no swap, no layout shift). The same
 * files as app.css's @font-face rules: the bundler names them by content.
 */
export function fontPreloads(language: string): Array<{ tagName: "link"; rel: "preload"; as: "font"; type: "font/woff2"; href: string; crossOrigin: "anonymous" }> {
  const files = language === "ar" ? [arabic400, arabic600] : [latin400, latin600];
  return files.map((href) => ({ tagName: "link", rel: "preload", as: "font", type: "font/woff2", href, crossOrigin: "anonymous" }));
}
