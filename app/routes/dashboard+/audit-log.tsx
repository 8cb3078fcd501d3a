import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CheckCircle2, Download, Filter, ShieldX, XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ListFilters } from "~/components/list-filters";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FilterSelect } from "~/components/filter-select";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Pagination } from "~/components/ui/pagination";
import { AUDIT_OUTCOME_VALUES, auditFilterParams, parseAuditQuery } from "~/features/audit";
import { AUDIT_ACTION_NAMES, AUDIT_FAMILY_NAMES, AUDIT_RECORD_TYPES } from "~/lib/audit-actions";
import { auditPage } from "~/features/audit/index.server";
import { requireBackOffice } from "~/core/identity/guards.server";
import { viewerTimeZone } from "~/core/office/time-zone.server";
import { useFormatter } from "~/lib/format";
import { translate } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { pageLinks } from "~/lib/pagination";

/**
 * /dashboard/audit-log (the owner only): who did what to which record, from where, when
 * and with what outcome; filtered, a page at a time, and exported as CSV with the same
 * filters. Read-only: no page or API edits or deletes an entry.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const owner = await requireBackOffice(request, "owner");
  const query = parseAuditQuery(new URL(request.url));
  const timeZone = await viewerTimeZone(owner);
  return json({ page: await auditPage(query, timeZone), query, csvQuery: auditFilterParams(query), title: await translate(request, "audit:title") });
}

const RECORD_LINKS: Partial<Record<string, (id: string) => string>> = {
  user: (id) => `/dashboard/clients/${id}`,
  service_order: (id) => `/dashboard/service-orders/${id}`,
  appointment: (id) => `/dashboard/appointments/${id}`,
  invoice: (id) => `/dashboard/invoices/${id}`,
  translation_file: (id) => `/dashboard/translations/${id}`,
  contact_message: (id) => `/dashboard/inbox/${id}`,
  template: (id) => `/dashboard/templates/${id}`,
  content_section: (id) => `/dashboard/content/${id}`,
};

function Outcome({ outcome }: { outcome: string }) {
  const { t } = useTranslation("audit");
  const Icon = outcome === "success" ? CheckCircle2 : outcome === "denied" ? ShieldX : XCircle;
  const tone = outcome === "success" ? "text-emerald-700 dark:text-emerald-400" : "text-destructive";
  return (
    <span className={`inline-flex items-center gap-1 ${tone}`}>
      <Icon aria-hidden="true" className="size-4" />
      {t(`outcomes.${outcome}`, { defaultValue: outcome })}
    </span>
  );
}

/** An entry's details as "key: value" lines, ids replaced by the names they stand for; nothing cut. */
function Details({ meta, labels }: { meta: Record<string, unknown>; labels: Record<string, string> }) {
  const entries = Object.entries(meta);
  if (entries.length === 0) return null;
  return (
    <dl className="grid max-w-sm grid-cols-[auto_1fr] gap-x-2 text-xs">
      {entries.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="font-medium text-muted-foreground">{key}</dt>
          <dd dir="auto" className="min-w-0 break-words">
            {typeof value === "string" ? (labels[value] ?? value) : JSON.stringify(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export default function AuditLogPage() {
  const { t } = useTranslation("audit");
  const { page, query, csvQuery } = useLoaderData<typeof loader>();
  const format = useFormatter();
  const actionLabel = (action: string) => t(`actions.${action}`, { defaultValue: action });

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t("title")}
        description={t("subtitle")}
        actions={
          <Button asChild variant="outline">
            <a href={`/resources/audit-log.csv${csvQuery ? `?${csvQuery}` : ""}`} download>
              <Download aria-hidden="true" />
              {t("csv")}
            </a>
          </Button>
        }
      />

      <ListFilters
        label={t("filters.label")}
        active={[query.who, query.action, query.type, query.record, query.outcome, query.from, query.to].filter(Boolean).length}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
      >
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-who">{t("filters.who")}</Label>
          <Input id="audit-who" name="who" type="search" defaultValue={query.who} placeholder={t("filters.whoPlaceholder")} />
        </div>
        <FilterSelect
          id="audit-action"
          name="action"
          label={t("filters.action")}
          defaultValue={query.action}
          any={t("filters.anyAction")}
          groups={AUDIT_FAMILY_NAMES.map((family) => ({
            label: t(`families.${family}`),
            options: [
              { value: `${family}.*`, label: t("filters.family", { name: t(`families.${family}`) }) },
              ...AUDIT_ACTION_NAMES[family].map((name) => ({ value: `${family}.${name}`, label: actionLabel(`${family}.${name}`) })),
            ],
          }))}
        />
        <FilterSelect
          id="audit-type"
          name="type"
          label={t("filters.recordType")}
          defaultValue={query.type}
          any={t("filters.anyRecord")}
          options={AUDIT_RECORD_TYPES.map((type) => ({ value: type, label: t(`records.${type}`) }))}
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-record">{t("filters.record")}</Label>
          <Input id="audit-record" name="record" defaultValue={query.record} dir="ltr" />
        </div>
        <FilterSelect
          id="audit-outcome"
          name="outcome"
          label={t("filters.outcome")}
          defaultValue={query.outcome}
          any={t("filters.anyOutcome")}
          options={AUDIT_OUTCOME_VALUES.map((outcome) => ({ value: outcome, label: t(`outcomes.${outcome}`) }))}
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-from">{t("filters.from")}</Label>
          <Input id="audit-from" name="from" type="date" defaultValue={query.from} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-to">{t("filters.to")}</Label>
          <Input id="audit-to" name="to" type="date" defaultValue={query.to} />
        </div>
        <div className="flex gap-2">
          <Button type="submit">
            <Filter aria-hidden="true" />
            {t("filters.apply")}
          </Button>
          <Button asChild variant="ghost">
            <Link to="/dashboard/audit-log">{t("filters.clear")}</Link>
          </Button>
        </div>
      </ListFilters>

      <DataTable
        caption={t("caption")}
        testId="audit-log"
        rows={page.items}
        rowKey={(entry) => entry.id}
        empty={t("empty")}
        columns={[
          { header: t("columns.when"), cell: (entry) => <span className="whitespace-nowrap">{format.dateTime(entry.createdAt)}</span> },
          {
            header: t("columns.who"),
            cell: (entry) =>
              entry.actorId ? (
                <span className="flex flex-col">
                  <span>{entry.actorName ?? t("unknownPerson")}</span>
                  <span className="text-xs text-muted-foreground" dir="ltr">
                    {entry.actorEmail}
                  </span>
                </span>
              ) : (
                <span className="text-muted-foreground">{t("nobody")}</span>
              ),
          },
          { header: t("columns.ip"), cell: (entry) => <span dir="ltr">{entry.ip ?? "—"}</span> },
          {
            header: t("columns.action"),
            cell: (entry) => (
              <span className="flex flex-col">
                <span>{actionLabel(entry.action)}</span>
                <code className="text-xs text-muted-foreground">{entry.action}</code>
              </span>
            ),
          },
          {
            header: t("columns.record"),
            cell: (entry) => {
              if (!entry.targetType) return "—";
              const name = entry.targetId ? (page.labels[entry.targetId] ?? entry.targetId.slice(0, 8)) : null;
              const label = `${t(`records.${entry.targetType}`, { defaultValue: entry.targetType })}${name ? ` ${name}` : ""}`;
              const link = entry.targetId ? RECORD_LINKS[entry.targetType]?.(entry.targetId) : undefined;
              return link ? (
                <Link to={link} className="text-primary underline-offset-4 hover:underline">
                  {label}
                </Link>
              ) : (
                label
              );
            },
          },
          { header: t("columns.outcome"), cell: (entry) => <Outcome outcome={entry.outcome} /> },
          {
            header: t("columns.details"),
            cell: (entry) => <Details meta={entry.meta} labels={page.labels} />,
          },
        ]}
      />

      <Pagination {...pageLinks(page)} />
    </div>
  );
}

export const handle = { i18n: ["audit"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
