import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ListFilters } from "~/components/list-filters";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FilterSelect } from "~/components/filter-select";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { DataTable } from "~/components/ui/data-table";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Pagination } from "~/components/ui/pagination";
import { requireAdmin } from "~/core/identity/guards.server";
import { parseInvoiceListQuery, INVOICE_STATUSES, InvoiceStateBadge } from "~/features/billing";
import { listInvoices } from "~/features/billing/index.server";
import { searchActiveClients } from "~/core/identity/directory.server";
import { useFormatter } from "~/lib/format";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { pageLinks, toPage } from "~/lib/pagination";

/**
 * /dashboard/invoices: every invoice, newest first, one page at a time, filtered by state,
 * client (an id, or a name or e-mail typed: one match filters, several are offered to choose)
 * and the day it was made. The bookkeeping's CSV of payments is asked for below the list.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const url = new URL(request.url);
  const query = parseInvoiceListQuery(url);
  const clientText = (url.searchParams.get("client") ?? "").trim().slice(0, 100);
  let clientChoices: Array<{ id: string; fullName: string; email: string }> = [];
  let clientId = query.clientId;
  if (!clientId && clientText) {
    clientChoices = await searchActiveClients(clientText);
    clientId = clientChoices.length === 1 ? clientChoices[0]!.id : undefined;
  }
  const noClient = Boolean(clientText) && !query.clientId && clientChoices.length === 0;
  const page = noClient || (clientText && !clientId) ? toPage([], 0, query) : await listInvoices(user, { ...query, clientId });
  const t = await getFixedT(await getLanguage(request), "billing");
  return json({
    page: page as Awaited<ReturnType<typeof listInvoices>>,
    clientChoices: clientChoices.length > 1 ? clientChoices : [],
    filters: { status: query.status ?? "", client: clientText, clientId: query.clientId ?? "", from: query.from ?? "", to: query.to ?? "" },
    title: t("admin.title"),
  });
}

export default function DashboardInvoices() {
  const { page, filters, clientChoices } = useLoaderData<typeof loader>();
  const { t } = useTranslation("billing");
  const format = useFormatter();
  return (
    <div className="space-y-6">
      <PageHeader title={t("admin.title")} />
      <ListFilters
        label={t("admin.filters")}
        active={[filters.status, filters.client || filters.clientId, filters.from, filters.to].filter(Boolean).length}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      >
        <FilterSelect
          id="status"
          name="status"
          label={t("admin.state")}
          defaultValue={filters.status}
          any={t("admin.anyState")}
          options={INVOICE_STATUSES.map((status) => ({ value: status, label: t(`state.${status}`) }))}
        />
        {clientChoices.length > 0 ? (
          <FilterSelect
            id="clientId"
            name="clientId"
            label={t("admin.client")}
            options={clientChoices.map((client) => ({ value: client.id, label: `${client.fullName} (${client.email})` }))}
          />
        ) : (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="client">{t("admin.client")}</Label>
            <Input id="client" name="client" type="search" defaultValue={filters.client} placeholder={t("admin.clientPlaceholder")} />
            {filters.clientId ? <input type="hidden" name="clientId" value={filters.clientId} /> : null}
          </div>
        )}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="from">{t("admin.from")}</Label>
          <Input id="from" name="from" type="date" defaultValue={filters.from} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="to">{t("admin.to")}</Label>
          <Input id="to" name="to" type="date" defaultValue={filters.to} />
        </div>
        <Button type="submit">{t("admin.apply")}</Button>
      </ListFilters>

      <DataTable
        caption={t("admin.title")}
        rows={page.items}
        rowKey={(invoice) => invoice.id}
        empty={t("admin.empty")}
        testId="invoices"
        columns={[
          {
            header: t("admin.number"),
            className: "font-medium",
            cell: (invoice) => (
              <Link to={`/dashboard/invoices/${invoice.id}`} className="text-primary underline-offset-4 hover:underline">
                {invoice.number ?? t("admin.notIssued")}
              </Link>
            ),
          },
          {
            header: t("admin.client"),
            cell: (invoice) => (
              <>
                <span className="block">{invoice.clientName}</span>
                <span className="block text-xs text-muted-foreground">{invoice.clientEmail}</span>
              </>
            ),
          },
          {
            header: t("admin.order"),
            cell: (invoice) =>
              invoice.orderId && invoice.orderReference ? (
                <Link to={`/dashboard/service-orders/${invoice.orderId}`} className="underline-offset-4 hover:underline">
                  {invoice.orderReference}
                </Link>
              ) : (
                "—"
              ),
          },
          { header: t("admin.state"), cell: (invoice) => <InvoiceStateBadge state={invoice.status} /> },
          { header: t("admin.issued"), cell: (invoice) => (invoice.issuedAt ? format.date(invoice.issuedAt) : "—") },
          { header: t("admin.due"), cell: (invoice) => (invoice.dueDate ? format.day(invoice.dueDate) : "—") },
          { header: t("admin.total"), align: "end", cell: (invoice) => format.money(invoice.totalCents, invoice.currency) },
          { header: t("admin.balance"), align: "end", cell: (invoice) => format.money(invoice.balanceCents, invoice.currency) },
        ]}
      />
      <Pagination {...pageLinks(page)} />

      <Card>
        <CardHeader>
          <CardTitle>{t("admin.exportTitle")}</CardTitle>
          <p className="text-sm text-muted-foreground">{t("admin.exportHint")}</p>
        </CardHeader>
        <CardContent>
          <form method="get" action="/resources/payments.csv" className="flex flex-wrap items-end gap-3">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="export-from">{t("admin.exportFrom")}</Label>
              <Input id="export-from" name="from" type="date" />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="export-to">{t("admin.exportTo")}</Label>
              <Input id="export-to" name="to" type="date" />
            </div>
            <Button type="submit" variant="outline">
              <Download className="size-4" aria-hidden />
              {t("admin.exportSubmit")}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

export const handle = { i18n: ["billing"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
