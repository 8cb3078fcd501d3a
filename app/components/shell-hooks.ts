import { useEffect, useState } from "react";
import { toast } from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { MOBILE_BREAKPOINT } from "~/lib/sidebar-constants";

/** The device mode is re-evaluated 100 ms after the last resize, not on every resize event. */
export const RESIZE_DEBOUNCE_MS = 100;

export function deviceOf(width: number): "mobile" | "desktop" {
  return width < MOBILE_BREAKPOINT ? "mobile" : "desktop";
}

/** `data-device` on <html>: 'mobile' under 768 px, otherwise 'desktop'. */
export function useDeviceAttribute() {
  useEffect(() => {
    const root = document.documentElement;
    const update = () => root.setAttribute("data-device", deviceOf(window.innerWidth));
    update();
    let timer: number | undefined;
    const onResize = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(update, RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener("resize", onResize);
    return () => {
      window.removeEventListener("resize", onResize);
      window.clearTimeout(timer);
    };
  }, []);
}

/** True below the mobile breakpoint (false on the server and before the first effect). */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT - 1}px)`);
    const update = () => setMobile(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return mobile;
}

/** F11 and Alt+F toggle full screen; a toast says which way. */
export function useFullScreenHotkeys() {
  const { t } = useTranslation();
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const isF11 = event.key === "F11";
      const isAltF = event.altKey && !event.ctrlKey && !event.metaKey && event.code === "KeyF";
      if (!isF11 && !isAltF) return;
      if (!document.fullscreenEnabled) return;
      event.preventDefault();
      const change = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
      change.catch(() => undefined);
    }
    function onChange() {
      toast.success(t(document.fullscreenElement ? "shell.fullScreenEntered" : "shell.fullScreenExited"));
    }
    window.addEventListener("keydown", onKeyDown);
    document.addEventListener("fullscreenchange", onChange);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("fullscreenchange", onChange);
    };
  }, [t]);
}
