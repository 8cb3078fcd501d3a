import arabic400 from "~/styles/fonts/ibm-plex-sans-arabic-core-400.woff2";
import arabic600 from "~/styles/fonts/ibm-plex-sans-arabic-core-600.woff2";
import latin400 from "~/styles/fonts/ibm-plex-sans-core-400.woff2";
import latin600 from "~/styles/fonts/ibm-plex-sans-core-600.woff2";

/**
 * When the pages draw their text in the web fonts (docs/decisions/005).
 *
 * The stylesheet uses IBM Plex Sans (and IBM Plex Sans Arabic) only under `<html data-fonts>`;
 * without it, text is drawn in the system's sans-serif. The faces are the small core subsets of
 * app/styles/fonts.css (scripts/subset-fonts.js), all `font-display: optional`, so nothing ever
 * swaps in under the reader's eyes.
 *
 * - Pages that hydrate (sign-in and the areas) always have `data-fonts`, with the first screen's
 *   core files preloaded.
 * - Bundle-free public pages get it from this inline script, before the first paint, once the
 *   browser holds the files (a list in local storage names the files it has fetched): the script
 *   then sets the attribute and preloads them, from the HTTP cache. A first visit is drawn in the
 *   system font at once, and one second after the load event (not with Save-Data) the script
 *   fetches the page's core files into the HTTP cache (a plain low-priority fetch: nothing is
 *   decoded on this page) for the pages that follow.
 *
 * Arabic pages need the Latin files too: their first screen has Latin words (the firm's name, the
 * other languages' names). The bundler names the files by content, so a new font file is a new
 * name, and the list forgets files that no longer exist.
 */
export const FONTS_STORAGE_KEY = "fonts";
/** How long after the load event a first visit fetches the fonts: after its first paints. */
export const FONTS_FETCH_DELAY_MS = 1000;
const LATIN = [latin400, latin600];
const ARABIC = [arabic400, arabic600];

export function coreFontFiles(language: string): string[] {
  return language === "ar" ? [...ARABIC, ...LATIN] : LATIN;
}

function script(language: string): string {
  const config = JSON.stringify({
    key: FONTS_STORAGE_KEY,
    delay: FONTS_FETCH_DELAY_MS,
    files: coreFontFiles(language),
    all: [...LATIN, ...ARABIC],
  }).replace(/</g, "\\u003c");
  return `(function(c){var d=document,h=d.documentElement,s;
try{s=(sessionStorage.getItem(c.key)||"").split(" ")}catch(e){return}
function has(u){return s.indexOf(u)>=0}
if(c.files.every(has)){if(!h.hasAttribute("data-fonts")){h.setAttribute("data-fonts","");c.files.forEach(function(u){var l=d.createElement("link");l.rel="preload";l.as="font";l.type="font/woff2";l.crossOrigin="anonymous";l.href=u;d.head.appendChild(l)})}return}
var n=navigator.connection;if(!window.fetch||n&&n.saveData)return;
addEventListener("load",function(){setTimeout(function(){Promise.all(c.files.map(function(u){return fetch(u,{priority:"low"}).then(function(r){if(!r.ok)throw r;return r.arrayBuffer()})})).then(function(){
try{sessionStorage.setItem(c.key,c.all.filter(function(u){return has(u)||c.files.indexOf(u)>=0}).join(" "))}catch(e){}},function(){})},c.delay)})
})(${config});`;
}

/**
 * In the document's head, before the stylesheet. `hydrate`: the page ships its bundle, so React
 * owns the head (nothing may be added to it by a script) and the fonts are always used.
 */
export function WebFonts({ nonce, language, hydrate }: { nonce: string; language: string; hydrate: boolean }) {
  return (
    <>
      {hydrate
        ? coreFontFiles(language).map((href) => <link key={href} rel="preload" as="font" type="font/woff2" href={href} crossOrigin="anonymous" />)
        : null}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script(language) }} />
    </>
  );
}
