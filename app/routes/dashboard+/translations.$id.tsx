import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FilterSelect } from "~/components/filter-select";
import { useResetKey } from "~/components/form-reset";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { peopleOptions } from "~/components/select-options";
import { requireBackOffice } from "~/core/identity/guards.server";
import { CertificateLink } from "~/features/certificates";
import { LinkedTasks } from "~/features/tasks";
import { loadLinkedTasks } from "~/features/tasks/index.server";
import { DeleteFileAction, DownloadLink, StatusForm, TranslatedUploadForm, TranslationStatusBadge, useMessage, WORDS_PER_PAGE } from "~/features/translations";
import { answerDeskFileForm, getTranslationSettings, getTranslationFile, listDeskAssignees } from "~/features/translations/index.server";
import { useFormatter } from "~/lib/format";
import { loadOrNotFound } from "~/lib/http.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";

/** One translation file: details, translated versions, status history and its actions. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request, "translations");
  const file = await loadOrNotFound(getTranslationFile(user, params.id!));
  const settings = await getTranslationSettings();
  return json({
    file,
    assignees: await listDeskAssignees(user),
    tasks: await loadLinkedTasks(user, { translationFileId: file.id }),
    limits: { maxFileSizeMb: settings.maxFileSizeMb, allowedFileTypes: settings.allowedFileTypes },
    title: file.originalName,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  return answerDeskFileForm(request, await requireBackOffice(request, "translations"), params.id!);
}

export default function TranslationFilePage() {
  const { file, assignees, limits, tasks } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { failure?: string; reason?: string } | undefined;
  const { t } = useTranslation("translations");
  const message = useMessage();
  const format = useFormatter();
  const location = useLocation();
  const here = location.pathname;
  const language = (code: string) => t(`languages.${code}`);
  const resetKey = useResetKey();

  return (
    <div className="space-y-6">
      <PageHeader
        back={{ to: "/dashboard/translations?tab=files", label: t("detail.back") }}
        title={file.originalName}
        description={t("pair", { source: language(file.sourceLanguage), target: language(file.targetLanguage) })}
        badge={<TranslationStatusBadge status={file.status} className="text-sm" />}
      />
      {answer?.failure ? (
        <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive">
          <p>{t(answer.failure)}</p>
          {answer.reason ? <p>{message(answer.reason)}</p> : null}
        </div>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>{t("detail.info")}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <dl className="grid gap-3 text-sm sm:grid-cols-2">
                <Item label={t("files.uploadedBy")} value={file.uploadedByName ?? t("files.nobody")} />
                <Item label={t("files.uploadedOn")} value={format.dateTime(file.createdAt)} />
                <Item label={t("files.size")} value={format.bytes(file.originalSize)} />
                <Item label={t("files.type")} value={file.originalType.toUpperCase()} />
                <Item label={t("detail.client")} value={file.clientName ?? t("files.nobody")} />
                <Item label={t("detail.order")} value={file.orderReference ?? t("files.nobody")} />
                <Item label={t("detail.words")} value={file.wordCount === null ? t("detail.notCounted") : format.number(file.wordCount)} />
                <Item
                  label={t("detail.pages")}
                  value={file.wordCount === null ? t("detail.notCounted") : format.number(Math.ceil(file.wordCount / WORDS_PER_PAGE))}
                />
                <Item label={t("files.dueDate")} value={file.dueDate ? format.day(file.dueDate) : t("files.nobody")} />
                <Item label={t("files.assignee")} value={file.assigneeName ?? t("files.nobody")} />
                {file.notes ? <Item label={t("files.notes")} value={file.notes} wide /> : null}
                {file.statusNotes ? <Item label={t("detail.statusNotes")} value={file.statusNotes} wide /> : null}
              </dl>
              <DownloadLink href={`/resources/translation-files/${file.id}?file=original`} label={t("actions.downloadOriginal")} />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>{t("detail.versions")}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              {file.versions.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("detail.noVersions")}</p>
              ) : (
                <ul className="divide-y" data-testid="translation-versions">
                  {file.versions.map((version, index) => (
                    <li key={version.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                      <span>
                        <span className="font-semibold">{t("detail.version", { version: version.version })}</span>
                        {index === 0 ? <span className="ms-2 text-xs text-muted-foreground">({t("detail.latest")})</span> : null} · {version.originalName} ·{" "}
                        {format.bytes(version.sizeBytes)} · {format.dateTime(version.createdAt)}
                        {version.uploadedByName ? ` · ${t("detail.by", { name: version.uploadedByName })}` : ""}
                      </span>
                      <DownloadLink href={`/resources/translation-files/${file.id}?version=${version.version}`} label={t("actions.downloadTranslated")} />
                    </li>
                  ))}
                </ul>
              )}
              <h3 className="font-semibold">{t("actions.uploadTranslated")}</h3>
              <TranslatedUploadForm fileId={file.id} status={file.status} redirectTo={here} idPrefix="detail-translated" limits={limits} />
            </CardContent>
          </Card>
        </div>

        <div className="space-y-6">
          {file.certificates.length > 0 || file.certificateMissing ? (
            <Card data-testid="translation-certificates">
              <CardHeader>
                <CardTitle>{t("detail.certificates")}</CardTitle>
              </CardHeader>
              <CardContent className="space-y-3 text-sm">
                {file.certificateMissing ? (
                  <div role="alert" className="space-y-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-destructive">
                    <p className="font-medium">{t("detail.certificateMissing")}</p>
                    <Form method="post">
                      <input type="hidden" name="intent" value="certificate" />
                      <Button type="submit" size="sm" variant="outline">
                        {t("actions.issueCertificate")}
                      </Button>
                    </Form>
                  </div>
                ) : null}
                <ul className="space-y-2">
                  {file.certificates.map((certificate) => (
                    <li key={certificate.certificateNo} className="flex flex-col gap-0.5">
                      <CertificateLink certificateNo={certificate.certificateNo} />
                      <span className="text-xs text-muted-foreground">
                        {format.dateTime(certificate.issuedAt)} · {t("detail.certificatePages", { pages: certificate.pageCount })}
                      </span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          ) : null}
          <LinkedTasks data={tasks} />
          <Card>
            <CardHeader>
              <CardTitle>{t("actions.updateStatus")}</CardTitle>
            </CardHeader>
            <CardContent>
              <StatusForm fileId={file.id} status={file.status} redirectTo={here} idPrefix="detail" />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t("detail.history")}</CardTitle>
            </CardHeader>
            <CardContent>
              <ol className="space-y-3 text-sm" data-testid="translation-history">
                {file.history.map((entry) => (
                  <li key={entry.id}>
                    <p className="font-medium">
                      {entry.fromStatus
                        ? t("detail.historyEntry", { from: t(`status.${entry.fromStatus}`), to: t(`status.${entry.toStatus}`) })
                        : t("detail.created", { to: t(`status.${entry.toStatus}`) })}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {format.dateTime(entry.createdAt)} · {entry.changedByName ? t("detail.by", { name: entry.changedByName }) : t("detail.automatic")}
                    </p>
                    {entry.note && entry.note !== "auto" ? (
                      <p dir="auto" className="whitespace-pre-line">
                        {entry.note}
                      </p>
                    ) : null}
                  </li>
                ))}
              </ol>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t("detail.assignment")}</CardTitle>
            </CardHeader>
            <CardContent>
              <Form key={resetKey} method="post" className="flex flex-col gap-3">
                <input type="hidden" name="intent" value="assign" />
                <FilterSelect
                  id="assign-assignee"
                  name="assigneeId"
                  label={t("files.assignee")}
                  any={t("upload.noAssignee")}
                  defaultValue={file.assigneeId ?? ""}
                  options={peopleOptions(assignees)}
                />
                <div className="flex flex-col gap-1.5">
                  <Label htmlFor="assign-due">{t("files.dueDate")}</Label>
                  <Input id="assign-due" name="dueDate" type="date" defaultValue={file.dueDate ?? ""} />
                </div>
                <div>
                  <Button type="submit" size="sm" variant="outline">
                    {t("detail.saveAssignment")}
                  </Button>
                </div>
              </Form>
            </CardContent>
          </Card>
          <DeleteFileAction fileId={file.id} name={file.originalName} redirectTo={here} />
        </div>
      </div>
    </div>
  );
}

function Item({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="font-semibold">{label}</dt>
      <dd dir="auto" className="whitespace-pre-line">
        {value}
      </dd>
    </div>
  );
}

export const handle = { i18n: ["translations", "certificates", "tasks"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
