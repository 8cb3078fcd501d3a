import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PenSquare } from "lucide-react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { requireUser } from "~/core/identity/guards.server";
import { messagePaths, ThreadList, useLiveMessages } from "~/features/messages";
import { listThreadsForClient, viewerOf } from "~/features/messages/index.server";
import { loadOrNotFound } from "~/lib/http.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { pageLinks, parseListQuery } from "~/lib/pagination";

/** The client's conversations with the firm, newest activity first, by server-side pages; "New message" writes in the general thread. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const query = parseListQuery(new URL(request.url));
  const t = await getFixedT(await getLanguage(request), "messages");
  // Staff reach no client's list here (the area refuses them): the area's 404.
  const page = await loadOrNotFound(listThreadsForClient(viewerOf(user, request), { page: query.page, after: query.after, before: query.before }));
  return json({ page, title: t("client.title") });
}

export default function ClientMessages() {
  const { page } = useLoaderData<typeof loader>();
  const { t } = useTranslation("messages");
  useLiveMessages({ version: page.items[0]?.lastMessageAt ?? "" });
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("client.title")}
        description={t("client.description")}
        actions={
          <Link to={messagePaths.clientNew()} className={buttonVariants()}>
            <PenSquare aria-hidden />
            {t("client.new")}
          </Link>
        }
      />
      <Card>
        <CardContent className="pt-6">
          {page.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("client.empty")}</p>
          ) : (
            <ThreadList threads={page.items} href={messagePaths.client} />
          )}
        </CardContent>
      </Card>
      <Pagination {...pageLinks(page)} />
    </div>
  );
}

export const handle = { i18n: ["messages"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
