import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Archive, Ban, Mail, MailOpen, Reply } from "lucide-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ListFilters } from "~/components/list-filters";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FilterSelect } from "~/components/filter-select";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { Pagination } from "~/components/ui/pagination";
import { DateRangeFields } from "~/components/date-range-fields";
import { peopleOptions } from "~/components/select-options";
import { requireBackOffice } from "~/core/identity/guards.server";
import { viewerTimeZone } from "~/core/office/time-zone.server";
import { listContactMessages, listInboxAssignees } from "~/features/inbox/index.server";
import { dayFilter } from "~/lib/day-range";
import { INBOX_STATUSES } from "~/features/inbox";
import { useFormatter } from "~/lib/format";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { pageLinks, parseListQuery } from "~/lib/pagination";
import { cn } from "~/lib/utils";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request, "inbox");
  const query = parseListQuery(new URL(request.url), {
    filters: { status: z.enum(INBOX_STATUSES), assignee: z.string().trim().min(1).max(100), from: dayFilter, to: dayFilter },
  });
  // "me" is the signed-in person; "none" the messages nobody has.
  const assignee = query.assignee === "me" ? user.id : query.assignee;
  const timeZone = await viewerTimeZone(user);
  const [t, page, assignees] = await Promise.all([
    getFixedT(await getLanguage(request), "inbox"),
    listContactMessages({ ...query, assignee, timeZone }),
    listInboxAssignees(),
  ]);
  return json({
    title: t("title"),
    status: query.status ?? null,
    assignee: query.assignee ?? null,
    from: query.from ?? "",
    to: query.to ?? "",
    page,
    assignees,
  });
}

const STATUS_ICONS = { new: Mail, read: MailOpen, replied: Reply, archived: Archive, spam: Ban } as const;

export default function Inbox() {
  const { status, assignee, from, to, page, assignees } = useLoaderData<typeof loader>();
  const names = new Map(assignees.map((person) => [person.id, person.fullName]));
  const withFilters = (next: { status?: string | null }) => {
    const params = new URLSearchParams();
    const s = next.status === undefined ? status : next.status;
    if (s) params.set("status", s);
    if (assignee) params.set("assignee", assignee);
    if (from) params.set("from", from);
    if (to) params.set("to", to);
    return `?${params.toString()}`;
  };
  const { t } = useTranslation("inbox");
  const format = useFormatter();
  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("count", { count: page.total })} />
      <nav aria-label={t("filter")} className="flex flex-wrap gap-2">
        {([null, ...INBOX_STATUSES] as const).map((value) => (
          <Link
            key={value ?? "all"}
            to={withFilters({ status: value })}
            aria-current={status === value ? "page" : undefined}
            className={cn("rounded-md border px-3 py-1.5 text-sm", status === value && "bg-secondary font-semibold")}
          >
            {t(`statuses.${value ?? "all"}`)}
          </Link>
        ))}
      </nav>
      {/* Who has them, and the days received (the dashboard's response time links here with them). */}
      <ListFilters active={[assignee, from, to].filter(Boolean).length} className="flex flex-wrap items-end gap-3">
        {status ? <input type="hidden" name="status" value={status} /> : null}
        <FilterSelect
          id="inbox-assignee"
          name="assignee"
          label={t("assign.filter")}
          any={t("assign.anyone")}
          defaultValue={assignee ?? ""}
          options={[{ value: "me", label: t("assign.me") }, { value: "none", label: t("assign.nobody") }, ...peopleOptions(assignees)]}
        />
        <DateRangeFields from={from} to={to} idPrefix="inbox" />
        <Button type="submit" variant="outline">
          {t("assign.apply")}
        </Button>
      </ListFilters>
      <DataTable
        caption={t("title")}
        rows={page.items}
        rowKey={(message) => message.id}
        empty={t("empty")}
        rowClassName={(message) => (message.status === "new" ? "font-semibold" : undefined)}
        columns={[
          {
            header: t("columns.status"),
            cell: (message) => {
              const Icon = STATUS_ICONS[message.status as keyof typeof STATUS_ICONS] ?? MailOpen;
              return (
                <span className="inline-flex items-center gap-1.5">
                  <Icon aria-hidden className="size-4" />
                  {t(`statuses.${message.status}`)}
                </span>
              );
            },
          },
          {
            header: t("columns.from"),
            cell: (message) => (
              <>
                {message.name}
                <span className="block text-xs font-normal text-muted-foreground">{message.email}</span>
              </>
            ),
          },
          {
            header: t("columns.subject"),
            cell: (message) => (
              <Link to={`/dashboard/inbox/${message.id}`} className="text-primary underline-offset-4 hover:underline">
                {message.subject}
              </Link>
            ),
          },
          {
            header: t("columns.assignee"),
            cell: (message) =>
              message.assigneeId ? (names.get(message.assigneeId) ?? "—") : <span className="text-muted-foreground">{t("assign.nobody")}</span>,
          },
          {
            header: t("columns.received"),
            className: "whitespace-nowrap",
            cell: (message) => <time dateTime={message.createdAt}>{format.dateTime(message.createdAt)}</time>,
          },
        ]}
      />
      <Pagination {...pageLinks(page)} />
    </div>
  );
}

export const handle = { i18n: ["inbox"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
