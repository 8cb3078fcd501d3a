import { Pagination } from "~/components/ui/pagination";
import { useTranslation } from "react-i18next";
import { formatNotificationTime } from "./format";
import { intlLocale } from "~/lib/i18n/config";
import type { BroadcastView } from "./notifications.schema";

/** What staff sent: newest first, with how many people each one reached, paginated on the server. */
export function SentBroadcasts({ broadcasts, page, pages }: { broadcasts: BroadcastView[]; page: number; pages: number }) {
  const { t, i18n } = useTranslation("notifications");

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
      {broadcasts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("sent.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-sm" data-testid="sent-broadcasts">
            <caption className="sr-only">{t("sent.caption")}</caption>
            <thead className="sticky top-0 bg-muted text-start">
              <tr>
                <th scope="col" className="p-3 text-start font-medium">{t("sent.date")}</th>
                <th scope="col" className="p-3 text-start font-medium">{t("sent.subject")}</th>
                <th scope="col" className="p-3 text-start font-medium">{t("sent.audience")}</th>
                <th scope="col" className="p-3 text-end font-medium">{t("sent.recipients")}</th>
                <th scope="col" className="p-3 text-start font-medium">{t("sent.sentBy")}</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {broadcasts.map((broadcast) => (
                <tr key={broadcast.id}>
                  <td className="whitespace-nowrap p-3">
                    <time dateTime={broadcast.createdAt}>{formatNotificationTime(broadcast.createdAt, i18n.language)}</time>
                  </td>
                  <td className="p-3 font-medium">{broadcast.title}</td>
                  <td className="p-3 break-all">{audienceLabel(broadcast)}</td>
                  <td className="p-3 text-end tabular-nums">{new Intl.NumberFormat(intlLocale(i18n.language)).format(broadcast.recipientCount)}</td>
                  <td className="p-3">{broadcast.sentBy ?? t("sent.unknownSender")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pageCount={pages} param="sentPage" />
    </section>
  );
}
