import { ArrowUp } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { WithTooltip } from "~/components/ui/tooltip";

/** The button appears after 300 px of scrolling, once the top of the page is out of sight. */
export const SCROLL_TO_TOP_THRESHOLD = 300;

export function ScrollToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  if (!visible) return null;
  return (
    <WithTooltip label={t("shell.scrollToTop")}>
      <button
        type="button"
        aria-label={t("shell.scrollToTop")}
        data-testid="scroll-to-top"
        onClick={() => {
          const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
          window.scrollTo({ top: 0, behavior: smooth ? "smooth" : "auto" });
          document.getElementById("main")?.focus({ preventScroll: true });
        }}
        className="fixed bottom-4 start-4 z-40 inline-flex size-11 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg motion-safe:animate-fade-in hover:bg-primary/90"
      >
        <ArrowUp aria-hidden className="size-5" />
      </button>
    </WithTooltip>
  );
}
