import { Link, useLocation } from "@remix-run/react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

/**
 * Server-side pagination for every list: plain links (they work without
 * JavaScript) that keep the page's other query parameters. Hidden when there
 * is a single page.
 */
export function Pagination({ page, pageCount, total, param = "page" }: { page: number; pageCount: number; total?: number; param?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set(param, String(target));
    return `${location.pathname}?${params}`;
  };
  return (
    <nav aria-label={t("pagination.label")} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Button asChild variant="outline" size="sm">
          <Link to={hrefFor(page - 1)} rel="prev">
            <ChevronLeft aria-hidden className="rtl:rotate-180" />
            {t("pagination.previous")}
          </Link>
        </Button>
      ) : (
        <span />
      )}
      <p aria-current="page" className="text-muted-foreground">
        {total === undefined ? t("pagination.pageOf", { page, pageCount }) : t("pagination.pageOfTotal", { page, pageCount, total })}
      </p>
      {page < pageCount ? (
        <Button asChild variant="outline" size="sm">
          <Link to={hrefFor(page + 1)} rel="next">
            {t("pagination.next")}
            <ChevronRight aria-hidden className="rtl:rotate-180" />
          </Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}
