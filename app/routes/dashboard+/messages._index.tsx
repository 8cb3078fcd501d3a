import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { MessageSquareText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListFilters } from "~/components/list-filters";
import { PageHeader } from "~/components/page-header";
import { Button, buttonVariants } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Pagination } from "~/components/ui/pagination";
import { requireBackOffice } from "~/core/identity/guards.server";
import { MESSAGE_VIEWS, messagePaths, ThreadPreview, ThreadStateBadge, useLiveMessages } from "~/features/messages";
import { listThreadsForStaff, viewerOf } from "~/features/messages/index.server";
import { isAdminRole } from "~/lib/features";
import { useFormatter } from "~/lib/format";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { pageLinks, parseListQuery } from "~/lib/pagination";
import { cn } from "~/lib/utils";

/** Every conversation with clients: open and waiting first by default, newest activity first; views, search by client and text, pages. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request, "messages");
  const query = parseListQuery(new URL(request.url), {
    filters: { view: z.enum(MESSAGE_VIEWS), q: z.string().trim().min(1).max(200) },
  });
  const t = await getFixedT(await getLanguage(request), "messages");
  const page = await listThreadsForStaff(viewerOf(user, request), {
    view: query.view ?? "all",
    q: query.q,
    page: query.page,
    after: query.after,
    before: query.before,
  });
  // What a row shows, nothing more: the list is read at a firm's volume.
  const items = page.items.map(({ clientId: _client, assigneeId: _assignee, ...shown }) => shown);
  return json({ page: { ...page, items }, view: query.view ?? "all", q: query.q ?? "", canOpenOrders: isAdminRole(user.role), title: t("staff.title") });
}

export default function DashboardMessages() {
  const { page, view, q, canOpenOrders } = useLoaderData<typeof loader>();
  const { t } = useTranslation("messages");
  const format = useFormatter();
  useLiveMessages({ version: page.items[0]?.lastMessageAt ?? "" });
  const viewHref = (name: string) => {
    const params = new URLSearchParams();
    if (name !== "all") params.set("view", name);
    if (q) params.set("q", q);
    const search = params.toString();
    return search ? `?${search}` : messagePaths.staffList;
  };
  const threadTitle = (thread: (typeof page.items)[number]) =>
    thread.subject || (thread.orderReference ? t("thread.orderTitle", { reference: thread.orderReference }) : t("thread.general"));
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("staff.title")}
        description={t("staff.description")}
        actions={
          <Link to="/dashboard/saved-replies" className={buttonVariants({ variant: "outline" })}>
            <MessageSquareText aria-hidden />
            {t("savedReplies.title")}
          </Link>
        }
      />
      <nav aria-label={t("staff.views")}>
        <ul className="flex flex-wrap gap-2">
          {MESSAGE_VIEWS.map((name) => (
            <li key={name}>
              <Link
                to={viewHref(name)}
                aria-current={view === name ? "page" : undefined}
                className={cn(buttonVariants({ variant: view === name ? "default" : "outline", size: "sm" }))}
              >
                {t(`staff.view.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ListFilters active={q ? 1 : 0} className="flex flex-wrap items-end gap-3">
        {view !== "all" ? <input type="hidden" name="view" value={view} /> : null}
        <div className="flex min-w-64 flex-col gap-1.5">
          <Label htmlFor="messages-q">{t("staff.search")}</Label>
          <Input id="messages-q" name="q" type="search" defaultValue={q} maxLength={200} dir="auto" />
        </div>
        <Button type="submit" variant="outline">
          {t("staff.apply")}
        </Button>
      </ListFilters>
      <DataTable
        caption={t(`staff.view.${view}`)}
        rows={page.items}
        rowKey={(thread) => thread.id}
        empty={q || view !== "all" ? t("staff.emptyFiltered") : t("staff.empty")}
        testId="threads-table"
        rowTestId={(thread) => `thread-${thread.id}`}
        rowClassName={(thread) => (thread.unread ? "bg-primary/5" : undefined)}
        columns={[
          {
            header: t("staff.columns.thread"),
            rowHeader: true,
            cell: (thread) => (
              <span className="flex items-center gap-2">
                {thread.unread ? <span aria-hidden className="size-2 shrink-0 rounded-full bg-primary" /> : null}
                <Link
                  to={messagePaths.staff(thread.id)}
                  className={cn("text-primary underline-offset-4 hover:underline", thread.unread ? "font-semibold" : "font-medium")}
                  dir="auto"
                >
                  {threadTitle(thread)}
                </Link>
                {thread.unread ? (
                  <span className="text-xs font-semibold text-primary" data-testid="thread-unread">
                    {t("list.unread")}
                  </span>
                ) : null}
              </span>
            ),
          },
          { header: t("staff.columns.client"), cell: (thread) => <span dir="auto">{thread.clientName ?? "—"}</span> },
          {
            header: t("staff.columns.order"),
            cell: (thread) =>
              thread.orderId && thread.orderReference ? (
                canOpenOrders ? (
                  <Link to={`/dashboard/service-orders/${thread.orderId}`} className="primary-link">
                    {thread.orderReference}
                  </Link>
                ) : (
                  thread.orderReference
                )
              ) : (
                <span className="text-muted-foreground">{t("thread.general")}</span>
              ),
          },
          {
            header: t("staff.columns.last"),
            cell: (thread) => (
              <span className="flex max-w-xs flex-col">
                <ThreadPreview thread={thread} />
                <time dateTime={thread.lastMessageAt} className="text-xs text-muted-foreground">
                  {format.dateTime(thread.lastMessageAt)}
                </time>
              </span>
            ),
          },
          { header: t("staff.columns.state"), cell: (thread) => <ThreadStateBadge state={thread.state} wordOnly /> },
          {
            header: t("staff.columns.assignee"),
            cell: (thread) => thread.assigneeName ?? <span className="text-muted-foreground">{t("staff.unassigned")}</span>,
          },
        ]}
      />
      <Pagination {...pageLinks(page)} />
    </div>
  );
}

export const handle = { i18n: ["messages"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
