import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { Card, CardContent } from "~/components/ui/card";
import { requireUser } from "~/core/identity/guards.server";
import { requestPaths, ListStatusBadge } from "~/features/requests";
import { listsOfClient } from "~/features/requests/index.server";
import { useFormatter } from "~/lib/format";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";

/** The client's request lists, newest first (at most 100: the area's bound). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const t = await getFixedT(await getLanguage(request), "requests");
  const lists = await listsOfClient({ id: user.id, role: user.role, enabledFeatures: user.enabledFeatures }, user.id);
  return json({ lists, title: t("client.index.title") });
}

export default function ClientRequests() {
  const { lists } = useLoaderData<typeof loader>();
  const { t } = useTranslation("requests");
  const format = useFormatter();
  return (
    <div className="space-y-6">
      <PageHeader title={t("client.index.title")} description={t("client.index.description")} />
      <Card>
        <CardContent className="pt-6">
          {lists.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("client.index.empty")}</p>
          ) : (
            <ul className="divide-y rounded-md border" data-testid="client-request-lists">
              {lists.map((list) => (
                <li key={list.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                  <div className="min-w-0 space-y-0.5">
                    <Link to={requestPaths.client(list.id)} className="font-medium underline-offset-4 hover:underline" dir="auto">
                      {list.title}
                    </Link>
                    <p className="text-sm text-muted-foreground">
                      {t("progress", { done: list.doneCount, total: list.itemCount })}
                      {" · "}
                      <span className={list.overdue ? "font-medium text-destructive" : undefined}>
                        {t(list.overdue ? "client.index.overdue" : "client.index.due", { date: format.day(list.dueDate) })}
                      </span>
                      {list.orderReference ? ` · ${t("client.index.order", { reference: list.orderReference })}` : null}
                    </p>
                  </div>
                  <ListStatusBadge status={list.status} />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export const handle = { i18n: ["requests"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
