import { Pagination } from "~/components/ui/pagination";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Archive, Mail, MailOpen } from "lucide-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { listContactMessages } from "~/features/inbox/inbox.server";
import { INBOX_STATUSES } from "~/features/inbox/status";
import { requireBackOffice } from "~/features/auth/guards.server";
import { intlLocale } from "~/lib/i18n/config";
import { getFixedT } from "~/lib/i18n/i18n.server";
import { cn } from "~/lib/utils";
import { DataTable } from "~/components/ui/data-table";

const QuerySchema = z.object({
  status: z.enum(INBOX_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request, "inbox");
  const url = new URL(request.url);
  const query = QuerySchema.parse({ status: url.searchParams.get("status") ?? undefined, page: url.searchParams.get("page") ?? 1 });
  const [t, result] = await Promise.all([getFixedT(request, "public"), listContactMessages(query)]);
  return json({ title: t("inbox.title"), status: query.status ?? null, ...result });
}

const STATUS_ICONS = { new: Mail, read: MailOpen, archived: Archive } as const;

export default function Inbox() {
  const { status, messages, page, pageCount, total } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("public");
  const dates = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: "medium", timeStyle: "short" });
  return (
    <div className="flex flex-col gap-4 p-4">
      <h1 className="text-2xl font-semibold">{t("inbox.title")}</h1>
      <nav aria-label={t("inbox.filter")} className="flex flex-wrap gap-2">
        {([null, ...INBOX_STATUSES] as const).map((value) => (
          <Link
            key={value ?? "all"}
            to={value ? `?status=${value}` : "?"}
            aria-current={status === value ? "page" : undefined}
            className={cn("rounded-md border px-3 py-1.5 text-sm", status === value && "bg-secondary font-semibold")}
          >
            {t(`inbox.statuses.${value ?? "all"}`)}
          </Link>
        ))}
      </nav>
      <p className="text-sm text-muted-foreground">{t("inbox.count", { count: total })}</p>
      <DataTable
        caption={t("inbox.title")}
        rows={messages}
        rowKey={(message) => message.id}
        empty={t("inbox.empty")}
        rowClassName={(message) => (message.status === "new" ? "font-semibold" : undefined)}
        columns={[
          {
            header: t("inbox.columns.status"),
            cell: (message) => {
              const Icon = STATUS_ICONS[message.status as keyof typeof STATUS_ICONS] ?? MailOpen;
              return (
                <span className="inline-flex items-center gap-1.5">
                  <Icon aria-hidden className="size-4" />
                  {t(`inbox.statuses.${message.status}`)}
                </span>
              );
            },
          },
          {
            header: t("inbox.columns.from"),
            cell: (message) => (
              <>
                {message.name}
                <span className="block text-xs font-normal text-muted-foreground">{message.email}</span>
              </>
            ),
          },
          {
            header: t("inbox.columns.subject"),
            cell: (message) => (
              <Link to={`/dashboard/inbox/${message.id}`} className="text-primary underline-offset-4 hover:underline">
                {message.subject}
              </Link>
            ),
          },
          { header: t("inbox.columns.received"), className: "whitespace-nowrap", cell: (message) => dates.format(new Date(message.createdAt)) },
        ]}
      />
      <Pagination page={page} pageCount={pageCount} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];
