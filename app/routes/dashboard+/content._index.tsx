import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { DataTable } from "~/components/ui/data-table";
import { Badge } from "~/components/ui/badge";
import { requireBackOffice } from "~/core/identity/guards.server";
import { listSectionsOverview } from "~/features/content/index.server";
import { useFormatter } from "~/lib/format";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";

/** /dashboard/content: every section of the public site, per language, with languages that lag behind English marked. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request, "admin");
  const t = await getFixedT(await getLanguage(request), "content");
  return json({ sections: await listSectionsOverview(), title: t("title") });
}

export default function ContentSections() {
  const { sections } = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  const format = useFormatter();
  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("intro")} />
      <DataTable
        caption={t("title")}
        rows={sections}
        rowKey={(section) => section.id}
        rowTestId={(section) => `section-${section.id}`}
        rowClassName={() => "align-top"}
        empty={null}
        columns={[
          {
            header: t("columns.section"),
            rowHeader: true,
            cell: (section) => (
              <>
                <Link to={`/dashboard/content/${section.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {t(`sections.${section.id}.name`)}
                </Link>
                <p className="text-xs text-muted-foreground">{t(`sections.${section.id}.description`)}</p>
              </>
            ),
          },
          {
            header: t("columns.languages"),
            cell: (section) => (
              <ul className="flex flex-wrap gap-2">
                {section.statuses.map((status) => (
                  <li key={status.locale}>
                    <Link
                      to={section.localized ? `/dashboard/content/${section.id}?lang=${status.locale}` : `/dashboard/content/${section.id}`}
                      className="inline-flex flex-col rounded-md border px-3 py-1.5 hover:bg-muted"
                    >
                      <span className="font-medium">{section.localized ? t(`languages.${status.locale}`) : t("allLanguages")}</span>
                      <span className="text-xs text-muted-foreground">
                        {status.updatedAt ? t("savedAt", { date: format.dateTime(status.updatedAt) }) : t("notWritten")}
                      </span>
                      {status.lagging ? (
                        <Badge tone="warning" className="mt-1 w-fit" data-testid={`lagging-${section.id}-${status.locale}`}>
                          {t("lagging")}
                        </Badge>
                      ) : null}
                    </Link>
                  </li>
                ))}
              </ul>
            ),
          },
        ]}
      />
    </div>
  );
}

export const handle = { i18n: ["content"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
