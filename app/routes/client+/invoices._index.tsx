import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { DataTable } from "~/components/ui/data-table";
import { Pagination } from "~/components/ui/pagination";
import { requireUser } from "~/core/identity/guards.server";
import { listClientInvoices } from "~/features/billing/index.server";
import { InvoiceStateBadge } from "~/features/billing";
import { useFormatter } from "~/lib/format";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { pageLinks, parseListQuery } from "~/lib/pagination";

/** /client/invoices: the signed-in client's own invoices (never a draft), newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const query = parseListQuery(new URL(request.url));
  const page = await listClientInvoices({ id: user.id, role: "client" }, user.id, {
    page: query.page,
    perPage: query.perPage,
    after: query.after,
    before: query.before,
  });
  const t = await getFixedT(await getLanguage(request), "billing");
  return json({ page, title: t("client.title") });
}

export default function ClientInvoices() {
  const { page } = useLoaderData<typeof loader>();
  const { t } = useTranslation("billing");
  const format = useFormatter();
  return (
    <div className="space-y-6">
      <PageHeader title={t("client.title")} />
      <DataTable
        caption={t("client.title")}
        rows={page.items}
        rowKey={(invoice) => invoice.id}
        empty={t("client.noInvoices")}
        testId="client-invoices"
        columns={[
          {
            header: t("admin.number"),
            className: "font-medium",
            cell: (invoice) => (
              <Link to={`/client/invoices/${invoice.id}`} className="text-primary underline-offset-4 hover:underline">
                {invoice.number}
              </Link>
            ),
          },
          { header: t("admin.order"), cell: (invoice) => invoice.orderReference ?? "—" },
          { header: t("admin.state"), cell: (invoice) => <InvoiceStateBadge state={invoice.status} /> },
          { header: t("admin.issued"), cell: (invoice) => (invoice.issuedAt ? format.date(invoice.issuedAt) : "—") },
          { header: t("admin.total"), align: "end", cell: (invoice) => format.money(invoice.totalCents, invoice.currency) },
          { header: t("admin.balance"), align: "end", cell: (invoice) => format.money(invoice.balanceCents, invoice.currency) },
        ]}
      />
      <Pagination {...pageLinks(page)} />
    </div>
  );
}

export const handle = { i18n: ["billing"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
