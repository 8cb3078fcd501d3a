import { Link, useLocation } from "@remix-run/react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** Server-side pagination: plain links that keep the current filters. */
export function Pagination({ page, pageCount, total }: { page: number; pageCount: number; total: number }) {
  const { t } = useTranslation("orders");
  const location = useLocation();
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(target));
    return `${location.pathname}?${params}`;
  };
  return (
    <nav aria-label={t("pagination.label")} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground">{t("pagination.summary", { page, pageCount, total })}</p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} className={buttonVariants({ variant: "outline", size: "sm" })} rel="prev">
            <ChevronLeft className="rtl:rotate-180" aria-hidden />
            {t("pagination.previous")}
          </Link>
        ) : null}
        {page < pageCount ? (
          <Link to={hrefFor(page + 1)} className={cn(buttonVariants({ variant: "outline", size: "sm" }))} rel="next">
            {t("pagination.next")}
            <ChevronRight className="rtl:rotate-180" aria-hidden />
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
