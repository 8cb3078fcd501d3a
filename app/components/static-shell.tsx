import { ArrowUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { MOBILE_BREAKPOINT } from "~/lib/sidebar-constants";
import { SCROLL_TO_TOP_THRESHOLD } from "~/components/scroll-to-top";
import { RESIZE_DEBOUNCE_MS } from "~/components/shell-hooks";
import { FlashToastMessage, TOAST_DURATION, TOAST_GAP, TOAST_LIMIT, type FlashToast } from "~/components/toaster";
import { LANGUAGE_STORAGE_KEY } from "~/lib/i18n/config";

/**
 * Pages that need no React at all (`handle.hydrate === false`: home, services,
 * contact, legal pages) ship no bundle. The shell's small conveniences still work
 * there, through this ~2 KB inline script (it carries the CSP nonce): data-device,
 * scroll-to-top after 300 px, F11/Alt+F full screen with its messages, Alt+T to
 * the message area, and the remembered language. Same numbers as the React shell.
 * It runs while the page is parsed, so it reads nothing that needs a layout (a media
 * query instead of innerWidth; scrollY only once the page scrolls).
 *
 * Forms marked `data-enhance` are sent without a reload: the script posts them with
 * fetch, and the answer (the same page a plain POST gets, errors and kept values
 * included) replaces the form; the form's `[data-outcome]` element, if any, is shown
 * as a toast too (a success only as the toast: one announcement; an error stays at the
 * form), and focus goes to the first invalid field. When the request
 * fails, the form stays as it was and `data-failure` is shown.
 */
function script(messages: { entered: string; exited: string }, language: string): string {
  const config = JSON.stringify({
    breakpoint: MOBILE_BREAKPOINT,
    debounce: RESIZE_DEBOUNCE_MS,
    threshold: SCROLL_TO_TOP_THRESHOLD,
    duration: TOAST_DURATION,
    limit: TOAST_LIMIT,
    key: LANGUAGE_STORAGE_KEY,
    language,
    messages,
  }).replace(/</g, "\\u003c");
  return `(function(c){var d=document,w=window,h=d.documentElement,t;
var narrow=w.matchMedia("(max-width: "+(c.breakpoint-1)+"px)");
function dev(){h.setAttribute("data-device",narrow.matches?"mobile":"desktop")}dev();
w.addEventListener("resize",function(){clearTimeout(t);t=setTimeout(dev,c.debounce)});
try{localStorage.setItem(c.key,c.language)}catch(e){}
var top=d.getElementById("static-scroll-top");
function sc(){if(top)top.hidden=w.scrollY<=c.threshold}w.addEventListener("scroll",sc,{passive:true});
if(top)top.addEventListener("click",function(){w.scrollTo({top:0,behavior:w.matchMedia("(prefers-reduced-motion: reduce)").matches?"auto":"smooth"});var m=d.getElementById("main");if(m)m.focus({preventScroll:true})});
var area=d.getElementById("static-toasts");
function say(text,kind){if(!area||!text)return;var n=d.createElement("div");n.setAttribute("role","status");n.className="static-toast"+(kind==="error"?" static-toast-error":"");n.textContent=text;area.appendChild(n);while(area.children.length>c.limit)area.removeChild(area.firstChild);setTimeout(function(){n.remove()},c.duration)}
function busy(f,on){var b=f.querySelector("[type=submit]"),l=f.querySelector("[data-busy-label]");if(b)b.disabled=on;f.toggleAttribute("aria-busy",on);
if(l){if(on){l.setAttribute("data-label",l.textContent);l.textContent=l.getAttribute("data-busy-label")}else if(l.hasAttribute("data-label"))l.textContent=l.getAttribute("data-label")}}
d.addEventListener("submit",function(e){var f=e.target;if(e.defaultPrevented||!f.hasAttribute("data-enhance")||!w.fetch||!w.DOMParser)return;e.preventDefault();if(f.hasAttribute("aria-busy"))return;busy(f,true);
fetch(f.action,{method:"POST",body:new FormData(f),credentials:"same-origin",headers:{Accept:"text/html"}}).then(function(r){return r.text()}).then(function(html){
var next=new DOMParser().parseFromString(html,"text/html").getElementById(f.id);if(!next)throw new Error("no form");next=d.importNode(next,true);f.replaceWith(next);
var o=next.querySelector("[data-outcome]");if(o){say(o.textContent,o.getAttribute("data-outcome"));if(o.getAttribute("data-outcome")==="success")o.remove()}var bad=next.querySelector("[aria-invalid=true]");(bad||next.querySelector("[type=submit]")||next).focus()
}).catch(function(){busy(f,false);say(f.getAttribute("data-failure"),"error")})});
d.addEventListener("fullscreenchange",function(){say(d.fullscreenElement?c.messages.entered:c.messages.exited)});
w.addEventListener("keydown",function(e){var f=e.key==="F11"||(e.altKey&&!e.ctrlKey&&!e.metaKey&&e.code==="KeyF");
if(f&&d.fullscreenEnabled){e.preventDefault();(d.fullscreenElement?d.exitFullscreen():h.requestFullscreen()).catch(function(){})}
if(e.altKey&&!e.ctrlKey&&!e.metaKey&&e.code==="KeyT"&&area){e.preventDefault();area.focus()}});
})(${config});`;
}

export function StaticShell({ nonce, language, flash }: { nonce: string; language: string; flash?: FlashToast | null }) {
  const { t } = useTranslation();
  return (
    <>
      <button
        id="static-scroll-top"
        type="button"
        hidden
        aria-label={t("shell.scrollToTop")}
        title={t("shell.scrollToTop")}
        data-testid="scroll-to-top"
        className="fixed bottom-4 start-4 z-40 inline-flex size-11 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg hover:bg-primary/90"
      >
        <ArrowUp aria-hidden className="size-5" />
      </button>
      <section
        id="static-toasts"
        tabIndex={-1}
        aria-label={t("shell.toasts")}
        aria-live="polite"
        data-testid="toast-region"
        className="toast-stack pointer-events-none fixed bottom-4 end-4 z-50 flex flex-col items-end outline-none"
        style={{ gap: TOAST_GAP }}
      >
        {/* The flash of the last action ("Language changed", "Logged out successfully"): a toast, closing after 4 s. */}
        {flash ? <FlashToastMessage flash={flash} /> : null}
      </section>
      <script
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: script({ entered: t("shell.fullScreenEntered"), exited: t("shell.fullScreenExited") }, language) }}
      />
    </>
  );
}
