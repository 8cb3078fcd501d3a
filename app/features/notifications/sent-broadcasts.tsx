import { DataTable } from "~/components/ui/data-table";
import { Pagination } from "~/components/ui/pagination";
import { useTranslation } from "react-i18next";
import { useFormatter } from "~/lib/format";
import type { BroadcastView } from "./notifications.schema";

/** What staff sent: newest first, with how many people each one reached, paginated on the server. */
export function SentBroadcasts({ broadcasts, page, pages }: { broadcasts: BroadcastView[]; page: number; pages: number }) {
  const { t } = useTranslation("notifications");
  const format = useFormatter();

  function audienceLabel(broadcast: BroadcastView): string {
    if (broadcast.audience === "everyone") return t("sent.audienceEveryone");
    if (broadcast.audience === "role") return t("sent.audienceRole", { value: t(`compose.roles.${broadcast.audienceValue}`) });
    return t("sent.audienceUser", { value: broadcast.audienceValue });
  }

  return (
    <section aria-labelledby="sent-heading" className="flex flex-col gap-3">
      <h2 id="sent-heading" className="text-xl font-semibold">
        {t("sent.title")}
      </h2>
      <DataTable
        caption={t("sent.caption")}
        testId="sent-broadcasts"
        rows={broadcasts}
        rowKey={(broadcast) => broadcast.id}
        empty={t("sent.empty")}
        columns={[
          {
            header: t("sent.date"),
            className: "whitespace-nowrap",
            cell: (broadcast) => <time dateTime={broadcast.createdAt}>{format.dateTime(broadcast.createdAt)}</time>,
          },
          { header: t("sent.subject"), className: "font-medium", cell: (broadcast) => broadcast.title },
          { header: t("sent.audience"), className: "break-all", cell: audienceLabel },
          { header: t("sent.recipients"), align: "end", cell: (broadcast) => format.number(broadcast.recipientCount) },
          { header: t("sent.sentBy"), cell: (broadcast) => broadcast.sentBy ?? t("sent.unknownSender") },
        ]}
      />
      <Pagination page={page} pageCount={pages} param="sentPage" />
    </section>
  );
}
