import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { buttonVariants } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { requireBackOffice } from "~/core/identity/guards.server";
import { listTemplates } from "~/features/requests/index.server";
import { listServices } from "~/features/services/index.server";
import { useFormatter } from "~/lib/format";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";

/** The request templates, by service, language and title (at most 500: a firm keeps a few dozen). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request, "requests");
  const language = await getLanguage(request);
  const t = await getFixedT(language, "requests");
  const [templates, services] = await Promise.all([listTemplates(user), listServices(language, { includeInactive: true })]);
  const titles = Object.fromEntries(services.map((service) => [service.key, service.title]));
  return json({
    templates: templates.map(({ items, ...template }) => ({
      ...template,
      itemCount: items.length,
      serviceTitle: template.serviceKey ? (titles[template.serviceKey] ?? template.serviceKey) : null,
    })),
    title: t("templates.title"),
  });
}

export default function RequestTemplates() {
  const { templates } = useLoaderData<typeof loader>();
  const { t } = useTranslation("requests");
  const format = useFormatter();
  return (
    <div className="space-y-6">
      <PageHeader
        back={{ to: "/dashboard/requests", label: t("staff.list.title") }}
        title={t("templates.title")}
        description={t("templates.description")}
        actions={
          <Link to="/dashboard/request-templates/new" className={buttonVariants()}>
            <Plus aria-hidden />
            {t("templates.new")}
          </Link>
        }
      />
      <DataTable
        caption={t("templates.title")}
        rows={templates}
        rowKey={(template) => template.id}
        empty={t("templates.empty")}
        testId="templates-table"
        columns={[
          {
            header: t("templates.fields.title"),
            rowHeader: true,
            cell: (template) => (
              <Link to={`/dashboard/request-templates/${template.id}`} className="font-medium text-primary underline-offset-4 hover:underline" dir="auto">
                {template.title}
              </Link>
            ),
          },
          {
            header: t("templates.fields.service"),
            cell: (template) => template.serviceTitle ?? <span className="text-muted-foreground">{t("templates.anyService")}</span>,
          },
          { header: t("templates.fields.language"), cell: (template) => t(`templates.locale.${template.locale}`, { defaultValue: template.locale }) },
          { header: t("templates.fields.items"), align: "end", cell: (template) => format.number(template.itemCount) },
          { header: t("templates.fields.updated"), cell: (template) => <time dateTime={template.updatedAt}>{format.date(template.updatedAt)}</time> },
        ]}
      />
    </div>
  );
}

export const handle = { i18n: ["requests"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
