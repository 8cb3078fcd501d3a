import { useEffect, useRef } from "react";
import { toast as showToast, Toaster, useToasterStore } from "react-hot-toast";
import { useTranslation } from "react-i18next";

/** Spec §9: toasts close after 4 s, at most 3 are visible, 14 px apart. */
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

/** Shows the root loader's flash toast once (translated in the current language). */
export function useFlashToast(flash: FlashToast | null | undefined, language: string) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!flash) return;
    const text = t(flash.message, { ...flash.params, lng: language });
    const options = { id: flash.id };
    if (flash.type === "success") showToast.success(text, options);
    else if (flash.type === "error") showToast.error(text, options);
    else showToast(text, options);
    // The id changes with every new flash; translating again must not show it twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flash?.id]);
}

/** Without JavaScript the same flash message is an inline status message at the top of the page. */
export function NoScriptFlash({ flash, inline = false }: { flash: FlashToast | null | undefined; inline?: boolean }) {
  const { t } = useTranslation();
  if (!flash) return null;
  // On pages that ship no JavaScript (inline) it always shows; elsewhere only when scripts are off.
  const Wrapper = inline ? "div" : "noscript";
  return (
    <Wrapper>
      <div
        role="status"
        data-testid="flash-status"
        className={
          flash.type === "error"
            ? "border-b border-destructive/40 bg-destructive/10 px-4 py-3 text-center text-sm font-medium text-destructive"
            : "border-b border-border bg-secondary px-4 py-3 text-center text-sm font-medium text-secondary-foreground"
        }
      >
        {t(flash.message, flash.params ?? {})}
      </div>
    </Wrapper>
  );
}
