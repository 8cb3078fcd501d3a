import { Link, useLocation } from "@remix-run/react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useFormatter } from "~/lib/format";
import { KEYSET_FROM_PAGE, type Page } from "~/lib/pagination";

type PaginationProps = Partial<Pick<Page<unknown>, "total" | "totalCapped" | "nextCursor" | "prevCursor">> & {
  page: number;
  pageCount: number;
  param?: string;
};

/**
 * Server-side pagination for every list: plain links (they work without JavaScript)
 * that keep the page's other query parameters. Near the start, pages go by number;
 * past KEYSET_FROM_PAGE, "next" and "previous" carry the list's cursors (`after`,
 * `before`), so a deep page costs what the first does even with a hundred thousand rows. A total past the
 * count cap reads "10,000+". Hidden when there is a single page.
 */
export function Pagination({ page, pageCount, total, totalCapped = false, nextCursor, prevCursor, param = "page" }: PaginationProps) {
  const { t } = useTranslation();
  const format = useFormatter();
  const location = useLocation();
  const hasNext = nextCursor ? true : page < pageCount;
  if (page <= 1 && !hasNext) return null;
  const hrefFor = (target: number, cursor?: { after?: string | null; before?: string | null }) => {
    const params = new URLSearchParams(location.search);
    params.delete("after");
    params.delete("before");
    params.set(param, String(target));
    if (target > KEYSET_FROM_PAGE && cursor?.after) params.set("after", cursor.after);
    if (target > KEYSET_FROM_PAGE && cursor?.before) params.set("before", cursor.before);
    return `${location.pathname}?${params}`;
  };
  const shownTotal = total === undefined ? undefined : totalCapped ? `${format.number(total)}+` : format.number(total);
  const label =
    shownTotal === undefined
      ? t("pagination.pageOf", { page: format.number(page), pageCount: format.number(pageCount) })
      : totalCapped
        ? t("pagination.pageOfMany", { page: format.number(page), total: shownTotal })
        : t("pagination.pageOfTotal", { page: format.number(page), pageCount: format.number(pageCount), total: shownTotal });
  return (
    <nav aria-label={t("pagination.label")} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Button asChild variant="outline" size="sm">
          <Link to={hrefFor(page - 1, { before: prevCursor })} rel="prev">
            <ChevronLeft aria-hidden className="rtl:rotate-180" />
            {t("pagination.previous")}
          </Link>
        </Button>
      ) : (
        <span />
      )}
      <p aria-current="page" className="text-muted-foreground">
        {label}
      </p>
      {hasNext ? (
        <Button asChild variant="outline" size="sm">
          <Link to={hrefFor(page + 1, { after: nextCursor })} rel="next">
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
