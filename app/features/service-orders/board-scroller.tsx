import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/**
 * A row of columns that scrolls within itself, never the page. When it is wider than
 * the screen, a shadow marks each side that has more, and a line above says so with
 * buttons that scroll by most of a screen (start and end follow the reading direction).
 * Without JavaScript the row still scrolls (native scrollbar), without the hints.
 */
export function BoardScroller({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation("orders");
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const room = element.scrollWidth - element.clientWidth;
      // Right to left, scrollLeft runs from 0 down to -room.
      const position = Math.abs(element.scrollLeft);
      setMore({ before: position > 1, after: position < room - 1 });
    };
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      element.removeEventListener("scroll", measure);
      observer.disconnect();
    };
  }, []);

  function scroll(towards: "before" | "after") {
    const element = ref.current;
    if (!element) return;
    const rtl = getComputedStyle(element).direction === "rtl";
    const step = element.clientWidth * 0.8 * (towards === "after" ? 1 : -1) * (rtl ? -1 : 1);
    element.scrollBy({ left: step, behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  }

  const scrollable = more.before || more.after;
  return (
    <div className="flex min-w-0 flex-col gap-2">
      {scrollable ? (
        <div className="flex items-center justify-between gap-3" data-testid="board-scroll-hint">
          <p className="text-sm text-muted-foreground">{t("tracker.scrollHint")}</p>
          <div className="flex gap-1">
            <Button type="button" variant="outline" size="sm" onClick={() => scroll("before")} disabled={!more.before} aria-label={t("tracker.scrollBack")}>
              <ChevronLeft aria-hidden className="rtl:rotate-180" />
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => scroll("after")} disabled={!more.after} aria-label={t("tracker.scrollOn")}>
              <ChevronRight aria-hidden className="rtl:rotate-180" />
            </Button>
          </div>
        </div>
      ) : null}
      <div className="relative min-w-0">
        {/* A keyboard user scrolls the region with the arrow keys once it has focus. Positioned, so that
            absolutely placed descendants (screen-reader text) scroll inside it instead of widening the page. */}
        <div
          ref={ref}
          role="region"
          aria-label={label}
          tabIndex={0}
          className="relative overflow-x-auto overscroll-x-contain pb-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          data-testid="board-scroller"
        >
          {children}
        </div>
        <div
          aria-hidden
          className={cn(
            "pointer-events-none absolute inset-y-0 start-0 w-8 bg-linear-to-r from-foreground/15 to-transparent transition-opacity rtl:bg-linear-to-l",
            more.before ? "opacity-100" : "opacity-0",
          )}
        />
        <div
          aria-hidden
          className={cn(
            "pointer-events-none absolute inset-y-0 end-0 w-8 bg-linear-to-l from-foreground/15 to-transparent transition-opacity rtl:bg-linear-to-r",
            more.after ? "opacity-100" : "opacity-0",
          )}
        />
      </div>
    </div>
  );
}
