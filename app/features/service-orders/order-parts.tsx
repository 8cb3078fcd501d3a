import { Download, FileText } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { useFormatter } from "~/lib/format";
import { OrderStatusBadge } from "./status-badge";
import type { OrderStatus } from "./status";

type FileRow = { id: string; originalName: string; sizeBytes: number; createdAt: string };

/**
 * A card listing an order's or a report's documents, with what may follow them (a form to add more).
 * `closed`: nothing more will come, so an empty list does not say "yet". `fileActions`: what follows each document.
 */
export function AttachmentsCard<File extends FileRow>({
  title,
  files,
  closed = false,
  fileActions,
  children,
}: {
  title: string;
  files: File[];
  closed?: boolean;
  fileActions?: (file: File) => ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <FileList files={files} closed={closed} fileActions={fileActions} />
        {children}
      </CardContent>
    </Card>
  );
}

/** Documents of an order or report, each downloaded through the checked route. */
function FileList<File extends FileRow>({ files, closed, fileActions }: { files: File[]; closed: boolean; fileActions?: (file: File) => ReactNode }) {
  const { t } = useTranslation("orders");
  const format = useFormatter();
  if (files.length === 0) return <p className="text-sm text-muted-foreground">{t(closed ? "files.noneAttached" : "files.none")}</p>;
  return (
    <ul className="divide-y rounded-md border">
      {files.map((file) => (
        <li key={file.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
          <FileText className="size-4 text-muted-foreground" aria-hidden />
          <span className="min-w-0 flex-1 break-all font-medium">{file.originalName}</span>
          <span className="text-muted-foreground">{format.bytes(file.sizeBytes)}</span>
          <a href={`/resources/files/${file.id}`} className="inline-flex items-center gap-1 primary-link" download>
            <Download className="size-4" aria-hidden />
            {t("files.download")}
            <span className="sr-only">{file.originalName}</span>
          </a>
          {fileActions ? fileActions(file) : null}
        </li>
      ))}
    </ul>
  );
}

type HistoryRow = { id: string; fromStatus: OrderStatus | null; toStatus: OrderStatus; note: string | null; changedByName: string | null; createdAt: string };

/** The status timeline, oldest first. */
export function StatusTimeline({ history, showAuthor = false }: { history: HistoryRow[]; showAuthor?: boolean }) {
  const { t } = useTranslation("orders");
  const format = useFormatter();
  return (
    <ol className="relative space-y-4 border-s ps-5">
      {history.map((entry) => (
        <li key={entry.id} className="relative">
          <span className="absolute -start-[1.6rem] top-1.5 size-2.5 rounded-full bg-primary" aria-hidden />
          <div className="flex flex-wrap items-center gap-2">
            <OrderStatusBadge status={entry.toStatus} />
            <time dateTime={entry.createdAt} className="text-sm text-muted-foreground">
              {format.dateTime(entry.createdAt)}
            </time>
            {showAuthor && entry.changedByName ? <span className="text-sm text-muted-foreground">· {entry.changedByName}</span> : null}
          </div>
          <p className="sr-only">
            {entry.fromStatus ? t("timeline.fromTo", { from: t(`status.${entry.fromStatus}`), to: t(`status.${entry.toStatus}`) }) : t("timeline.created")}
          </p>
          {entry.note ? (
            <p dir="auto" className="mt-1 whitespace-pre-line text-sm">
              {entry.note}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
