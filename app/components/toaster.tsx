import { useEffect, useRef } from "react";
import { toast as showToast, Toaster, useToasterStore } from "react-hot-toast";
import { useTranslation } from "react-i18next";

/** Toasts close after 4 s and at most 3 are visible, 14 px apart, so they never bury the page. */
export const TOAST_DURATION = 4000;
export const TOAST_LIMIT = 3;
export const TOAST_GAP = 14;

export type FlashToast = {
  id: string;
  type: "success" | "error" | "info";
  message: string;
  params?: Record<string, string | number>;
};

/**
 * The toast area at the bottom end: bottom-right, and bottom-left in Arabic
 * (react-hot-toast aligns with flex-end, which follows the page direction).
 * Alt+T moves focus to it.
 */
export function ShellToaster() {
  const { t } = useTranslation();
  const region = useRef<HTMLElement>(null);
  const { toasts } = useToasterStore();

  useEffect(() => {
    toasts
      .filter((item) => item.visible)
      .slice(TOAST_LIMIT)
      .forEach((item) => showToast.dismiss(item.id));
  }, [toasts]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.altKey && !event.ctrlKey && !event.metaKey && event.code === "KeyT") {
        event.preventDefault();
        region.current?.focus();
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <section ref={region} tabIndex={-1} aria-label={t("shell.toasts")} aria-live="polite" data-testid="toast-region" className="outline-none">
      <Toaster
        position="bottom-right"
        gutter={TOAST_GAP}
        containerClassName="toast-container"
        toastOptions={{
          duration: TOAST_DURATION,
          className: "!bg-popover !text-popover-foreground !border !border-border !shadow-lg",
        }}
      />
    </section>
  );
}

/** A flash toast, translated: from the root loader, or from an upload's JSON answer (its page is not reloaded). */
export function showFlashToast(flash: FlashToast, text: string) {
  const options = { id: flash.id };
  if (flash.type === "success") showToast.success(text, options);
  else if (flash.type === "error") showToast.error(text, options);
  else showToast(text, options);
}

/**
 * Shows the root loader's flash toast once (translated in the current language). After a
 * language change made without a reload the new language's strings may still be on their
 * way: the toast waits for them, so it speaks the new language (never a bare key).
 */
export function useFlashToast(flash: FlashToast | null | undefined, language: string) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!flash) return;
    let cancelled = false;
    const namespace = flash.message.includes(":") ? flash.message.slice(0, flash.message.indexOf(":")) : "common";
    const show = () => {
      if (!cancelled) showFlashToast(flash, i18n.t(flash.message, { ...flash.params, lng: language }));
    };
    if (i18n.hasResourceBundle(language, namespace) || !i18n.services?.backendConnector) show();
    else
      (i18n.services.backendConnector as { load: (languages: string[], namespaces: string[], done: () => void) => void }).load([language], [namespace], show);
    return () => {
      cancelled = true;
    };
    // The id changes with every new flash; translating again must not show it twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flash?.id]);
}

/** A flash message as a toast drawn by the server (no React needed): it closes by itself after 4 s (CSS). */
export function FlashToastMessage({ flash }: { flash: FlashToast }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      data-testid="flash-status"
      className={flash.type === "error" ? "static-toast static-toast-error toast-auto-close" : "static-toast toast-auto-close"}
    >
      {t(flash.message, flash.params ?? {})}
    </div>
  );
}

/**
 * With scripts turned off on a page that has a bundle, the same flash is a toast at the bottom end
 * (bottom-left in Arabic), never a bar that moves the page. Pages without a bundle draw it in their
 * own toast area (StaticShell).
 */
export function NoScriptFlash({ flash }: { flash: FlashToast | null | undefined }) {
  const { t } = useTranslation();
  if (!flash) return null;
  return (
    <noscript>
      <section aria-label={t("shell.toasts")} aria-live="polite" className="toast-stack pointer-events-none fixed bottom-4 end-4 z-50 flex flex-col items-end">
        <FlashToastMessage flash={flash} />
      </section>
    </noscript>
  );
}
