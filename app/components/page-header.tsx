import { Link } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";

/**
 * The one page header of the client area and the dashboard: an optional way back,
 * the page's only <h1>, a line under it, and the page's actions at the end.
 */
export function PageHeader({
  title,
  description,
  back,
  actions,
  badge,
}: {
  title: ReactNode;
  description?: ReactNode;
  back?: { to: string; label: ReactNode };
  actions?: ReactNode;
  /** Beside the title: a status badge, a count. */
  badge?: ReactNode;
}) {
  return (
    <header className="flex flex-col gap-3">
      {back ? (
        <Link to={back.to} data-page-back="" className="inline-flex w-fit items-center gap-1 text-sm primary-link">
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
          {back.label}
        </Link>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold break-words">{title}</h1>
            {badge}
          </div>
          {description ? <div className="text-sm text-muted-foreground">{description}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}
