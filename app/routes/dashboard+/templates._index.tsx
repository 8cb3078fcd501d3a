import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { DataTable } from "~/components/ui/data-table";
import { requireBackOffice } from "~/core/identity/guards.server";
import { listTemplateCatalogue } from "~/features/email/index.server";
import { languageNames, supportedLanguages } from "~/lib/i18n/config";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request, "admin");
  const language = await getLanguage(request);
  const [t, templates] = await Promise.all([getFixedT(language, "templates"), listTemplateCatalogue(language)]);
  return json({ title: t("title"), templates });
}

export default function Templates() {
  const { templates } = useLoaderData<typeof loader>();
  const { t } = useTranslation("templates");
  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("description")} />
      <DataTable
        caption={t("title")}
        rows={templates}
        rowKey={(template) => template.id}
        empty={t("empty")}
        columns={[
          {
            header: t("columns.area"),
            className: "whitespace-nowrap",
            cell: (template) => t(`areas.${template.namespace}`, { defaultValue: template.namespace }),
          },
          {
            header: t("columns.template"),
            cell: (template) => (
              <Link to={`/dashboard/templates/${template.id}`} className="text-primary underline-offset-4 hover:underline">
                {template.subject || template.id}
              </Link>
            ),
          },
          {
            header: t("columns.variables"),
            cell: (template) => (
              <span className="font-mono text-xs" dir="ltr">
                {template.variables.map((name) => `{{${name}}}`).join(" ")}
              </span>
            ),
          },
          {
            header: t("columns.languages"),
            cell: (template) => (
              <ul className="flex flex-wrap gap-2">
                {supportedLanguages.map((language) => (
                  <li key={language}>
                    <Link
                      to={`/dashboard/templates/${template.id}?language=${language}`}
                      className="rounded border px-2 py-0.5 text-xs underline-offset-4 hover:underline"
                      lang={language}
                    >
                      {languageNames[language]}
                      {template.overridden.includes(language) ? ` · ${t("edited")}` : ""}
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

export const handle = { i18n: ["templates"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
