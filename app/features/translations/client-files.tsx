import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { useFormatter } from "~/lib/format";
import { DownloadLink, TranslationStatusBadge } from "./desk-parts";
import type { ClientTranslationFile } from "./translations.server";

/**
 * The desk files of an order on its page: each with its status and, once completed, the
 * translation to download and its certificate. `staff`: the order's staff page, where each
 * file's name leads to it on the desk.
 */
export function OrderTranslationFiles({ files, staff = false }: { files: ClientTranslationFile[]; staff?: boolean }) {
  const { t } = useTranslation("translations");
  const format = useFormatter();
  if (files.length === 0) return null;
  return (
    <Card data-testid="client-translation-files">
      <CardHeader>
        <CardTitle>{t(staff ? "orderDesk.title" : "client.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {files.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="flex flex-col gap-1">
                {staff ? (
                  <Link to={`/dashboard/translations/${file.id}`} className="primary-link">
                    {file.originalName}
                  </Link>
                ) : (
                  <span className="font-medium">{file.originalName}</span>
                )}
                <span className="text-xs text-muted-foreground">
                  {t("pair", { source: t(`languages.${file.sourceLanguage}`), target: t(`languages.${file.targetLanguage}`) })} · {format.date(file.createdAt)}
                </span>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <TranslationStatusBadge status={file.status} />
                {file.translatedAvailable ? (
                  <DownloadLink href={`/resources/translation-files/${file.id}?file=translated`} label={t("client.download")} />
                ) : null}
                {file.certificateNo ? (
                  file.certificateHref ? (
                    <a href={file.certificateHref} className="text-sm font-semibold text-primary underline underline-offset-4">
                      {t("client.certificate", { number: file.certificateNo })}
                    </a>
                  ) : (
                    <span className="text-sm">{t("client.certificate", { number: file.certificateNo })}</span>
                  )
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
