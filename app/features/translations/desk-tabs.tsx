import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListFilters } from "~/components/list-filters";
import { BarList, ColumnChart } from "~/components/charts";
import { DateRangeFields } from "~/components/date-range-fields";
import { FilterSelect } from "~/components/filter-select";
import { FieldErrors, FormErrors, SelectField, TextareaField, TextField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Pagination } from "~/components/ui/pagination";
import { peopleOptions } from "~/components/select-options";
import { useFormatter } from "~/lib/format";
import { pageLinks, type Page } from "~/lib/pagination";
import { ClientPicker } from "~/features/users";
import {
  DeleteFileAction,
  DeskUploadProgress,
  DownloadLink,
  FileInput,
  StatusForm,
  TranslatedUploadForm,
  TranslationStatusBadge,
  useDeskUpload,
} from "./desk-parts";
import { TRANSLATION_FILE_TYPES, TRANSLATION_LANGUAGES } from "./file-types";
import { TRANSLATION_STATUSES, type TranslationStatus } from "./status";
import { SettingsFormSchema, UploadFormSchema } from "./translations.schema";
import type { TranslationStatistics } from "./translations.server";

/** The four tabs of /dashboard/translations; the route loads the data of the active one. */
type Limits = { maxFileSizeMb: number; allowedFileTypes: readonly string[] };
type Person = { id: string; fullName: string; email?: string };
type Result = SubmissionResult<string[]> | undefined;

function useLanguageOptions() {
  const { t } = useTranslation("translations");
  return TRANSLATION_LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }));
}

export function UploadTab({
  limits,
  defaults,
  q,
  clients,
  client,
  orders,
  assignees,
  lastResult,
}: {
  limits: Limits;
  defaults: { sourceLanguage: string; targetLanguage: string };
  q: string;
  clients: Person[];
  client: Person | null;
  orders: Array<{ id: string; reference: string; serviceTitle: string; clientName: string }>;
  assignees: Person[];
  lastResult: Result;
}) {
  const { t } = useTranslation("translations");
  const languages = useLanguageOptions();
  const upload = useDeskUpload(limits, "/resources/uploads/dashboard/translation-desk");
  const result = (upload.answer?.result as Result) ?? lastResult;
  const [form, fields] = useZodForm(UploadFormSchema, {
    id: "translation-upload",
    lastResult: result,
    defaultValue: { sourceLanguage: defaults.sourceLanguage, targetLanguage: defaults.targetLanguage, clientId: client?.id ?? "" },
    onSubmit(event) {
      if (upload.send(event.currentTarget)) event.preventDefault();
    },
  });
  const fileError = upload.localError ?? (result?.error?.file?.[0] as string | undefined) ?? null;

  return (
    <div className="max-w-3xl space-y-6">
      <ClientPicker
        title={t("upload.clientStep")}
        labels={{
          search: t("upload.clientSearch"),
          find: t("upload.find"),
          client: t("upload.client"),
          choose: t("upload.chooseClient"),
          use: t("upload.useClient"),
        }}
        q={q}
        clients={clients}
        chosenId={client?.id}
        keep={{ tab: "upload" }}
      />

      <Form method="post" encType="multipart/form-data" className="space-y-4" {...getFormProps(form)}>
        <h2 className="font-semibold">{client ? t("upload.chosenClient", { name: client.fullName }) : t("upload.heading")}</h2>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="upload" />
        {client ? <input type="hidden" name={fields.clientId.name} value={client.id} /> : null}
        <FileInput
          id="upload-file"
          label={t("upload.file")}
          allowedFileTypes={limits.allowedFileTypes}
          maxFileSizeMb={limits.maxFileSizeMb}
          error={fileError}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField field={fields.sourceLanguage} label={t("upload.sourceLanguage")} options={languages} />
          <SelectField field={fields.targetLanguage} label={t("upload.targetLanguage")} options={languages} />
        </div>
        {client ? (
          <SelectField
            field={fields.orderId}
            label={t("upload.order")}
            placeholder={t("upload.noOrder")}
            options={orders.map((order) => ({
              value: order.id,
              label: t("upload.orderChoice", { reference: order.reference, service: order.serviceTitle, client: order.clientName }),
            }))}
          />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField field={fields.assigneeId} label={t("upload.assignee")} placeholder={t("upload.noAssignee")} options={peopleOptions(assignees)} />
          <TextField field={fields.dueDate} type="date" label={t("upload.dueDate")} />
        </div>
        <TextareaField field={fields.notes} label={t("upload.notes")} textareaProps={{ rows: 3 }} />
        <DeskUploadProgress progress={upload.progress} failed={upload.failed} failedKey="messages.uploadFailed" />
        <Button type="submit" disabled={upload.progress !== null}>
          {t("upload.submit")}
        </Button>
      </Form>
    </div>
  );
}

export type FileRow = {
  id: string;
  originalName: string;
  originalSize: number;
  originalType: string;
  sourceLanguage: string;
  targetLanguage: string;
  status: TranslationStatus;
  notes: string | null;
  dueDate: string | null;
  wordCount: number | null;
  clientName: string | null;
  assigneeName: string | null;
  uploadedByName: string | null;
  hasTranslation: boolean;
  createdAt: string;
};

export function FilesTab({
  page,
  query,
  pairs,
  clients,
  limits,
  back,
  fetchFailed = false,
}: {
  page: Page<FileRow>;
  fetchFailed?: boolean;
  query: { status: string; pair: string; client: string; q: string; from?: string; to?: string };
  pairs: string[];
  clients: Person[];
  limits: Limits;
  back: string;
}) {
  const { t } = useTranslation("translations");
  const format = useFormatter();
  const pairLabel = (pair: string) => {
    const [source, target] = pair.split("-");
    return t("pair", { source: t(`languages.${source}`), target: t(`languages.${target}`) });
  };
  return (
    <div className="space-y-4">
      <ListFilters
        active={[query.q, query.status, query.pair, query.client, query.from, query.to].filter(Boolean).length}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      >
        <input type="hidden" name="tab" value="files" />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="files-q">{t("files.search")}</Label>
          <Input id="files-q" name="q" type="search" defaultValue={query.q} />
        </div>
        <FilterSelect
          id="files-status"
          name="status"
          label={t("files.filterStatus")}
          defaultValue={query.status}
          any={t("files.any")}
          options={TRANSLATION_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        />
        <FilterSelect
          id="files-pair"
          name="pair"
          label={t("files.filterPair")}
          defaultValue={query.pair}
          any={t("files.any")}
          options={pairs.map((pair) => ({ value: pair, label: pairLabel(pair) }))}
        />
        <FilterSelect
          id="files-client"
          name="client"
          label={t("files.filterClient")}
          defaultValue={query.client}
          any={t("files.any")}
          options={peopleOptions(clients)}
        />
        <DateRangeFields from={query.from} to={query.to} idPrefix="files" />
        <Button type="submit" variant="outline">
          {t("files.apply")}
        </Button>
      </ListFilters>
      {fetchFailed ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive">
          {t("messages.fetchFailed")}
        </p>
      ) : null}
      <DataTable
        caption={t("files.caption")}
        rows={page.items}
        rowKey={(file) => file.id}
        empty={t("files.empty")}
        testId="translation-files"
        columns={[
          {
            header: t("files.file"),
            cell: (file) => (
              <>
                <Link to={`/dashboard/translations/${file.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {file.originalName}
                </Link>
                {file.clientName ? <span className="block text-xs text-muted-foreground">{file.clientName}</span> : null}
                {file.wordCount !== null ? <span className="block text-xs text-muted-foreground">{t("files.words", { count: file.wordCount })}</span> : null}
              </>
            ),
          },
          { header: t("files.languages"), cell: (file) => pairLabel(`${file.sourceLanguage}-${file.targetLanguage}`) },
          {
            header: t("status.label"),
            cell: (file) => (
              <>
                <TranslationStatusBadge status={file.status} />
                {file.hasTranslation ? <span className="mt-1 block text-xs text-muted-foreground">{t("files.translationReady")}</span> : null}
              </>
            ),
          },
          { header: t("files.uploadedBy"), cell: (file) => file.uploadedByName ?? t("files.nobody") },
          { header: t("files.uploadedOn"), cell: (file) => format.date(file.createdAt) },
          { header: t("files.size"), align: "end", cell: (file) => format.bytes(file.originalSize) },
          { header: t("files.type"), cell: (file) => file.originalType.toUpperCase() },
          {
            header: t("files.notes"),
            cell: (file) => (
              <span dir="auto" className="line-clamp-3 max-w-48 whitespace-pre-line">
                {file.notes ?? ""}
              </span>
            ),
          },
          { header: t("files.dueDate"), cell: (file) => (file.dueDate ? format.day(file.dueDate) : t("files.nobody")) },
          { header: t("files.assignee"), cell: (file) => file.assigneeName ?? t("files.nobody") },
          {
            header: t("files.actions"),
            cell: (file) => (
              <div className="flex min-w-56 flex-col gap-2">
                <DownloadLink href={`/resources/translation-files/${file.id}?file=original`} label={t("actions.downloadOriginal")} className="w-fit" />
                <details>
                  <summary className="cursor-pointer text-sm font-semibold">{t("actions.updateStatus")}</summary>
                  <div className="mt-2">
                    <StatusForm fileId={file.id} status={file.status} redirectTo={back} idPrefix={`row-${file.id}`} />
                  </div>
                </details>
                <details>
                  <summary className="cursor-pointer text-sm font-semibold">{t("actions.uploadTranslated")}</summary>
                  <div className="mt-2">
                    <TranslatedUploadForm fileId={file.id} status={file.status} redirectTo={back} idPrefix={`row-${file.id}-translated`} limits={limits} />
                  </div>
                </details>
                <DeleteFileAction fileId={file.id} name={file.originalName} redirectTo={back} />
              </div>
            ),
          },
        ]}
      />
      <Pagination {...pageLinks(page)} />
    </div>
  );
}

/** A headline figure; `empty` (nothing to measure yet) writes its words small and muted instead. */
function Figure({ label, value, note, testId, empty = false }: { label: string; value: string; note?: string; testId?: string; empty?: boolean }) {
  return (
    <div className="rounded-lg border bg-card p-4" data-testid={testId}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={empty ? "py-1.5 text-sm text-muted-foreground" : "text-2xl font-semibold tabular-nums"} data-empty={empty || undefined}>
        {value}
      </dd>
      {note ? <dd className="mt-1 text-xs text-muted-foreground">{note}</dd> : null}
    </div>
  );
}

export function StatisticsTab({ stats }: { stats: TranslationStatistics }) {
  const { t } = useTranslation("translations");
  const format = useFormatter();
  const count = (value: number) => format.number(value);
  const monthLabel = (month: string) => format.day(`${month}-01`, { month: "short", year: "2-digit" });
  return (
    <div className="space-y-6">
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <Figure label={t("stats.total")} value={count(stats.total)} />
        <Figure label={t("stats.words")} value={count(stats.words)} testId="stats-words" />
        <Figure label={t("stats.pages")} value={count(stats.pages)} note={t("stats.pagesNote", { count: stats.countedFiles })} />
        <Figure
          label={t("stats.turnaround")}
          empty={stats.averageTurnaroundHours === null}
          value={stats.averageTurnaroundHours === null ? t("stats.none") : t("stats.turnaroundValue", { hours: format.number(stats.averageTurnaroundHours) })}
        />
        <Figure
          label={t("stats.onTime")}
          empty={stats.completedWithDueDate === 0}
          value={stats.completedWithDueDate === 0 ? t("stats.none") : format.percent(stats.completedOnTime / stats.completedWithDueDate)}
          note={t("stats.onTimeNote", { onTime: stats.completedOnTime, total: stats.completedWithDueDate })}
        />
      </dl>
      <div className="grid gap-6 lg:grid-cols-2">
        <BarList
          title={t("stats.byStatus")}
          data={stats.byStatus.map((row) => ({
            label: t(`status.${row.status}`),
            value: row.count,
            href: `/dashboard/translations?tab=files&status=${row.status}`,
          }))}
          format={count}
          labelHeader={t("stats.status")}
          valueHeader={t("stats.count")}
          testId="chart-status"
        />
        <BarList
          title={t("stats.byPair")}
          data={stats.byPair.map((row) => {
            const [source, target] = row.pair.split("-");
            return {
              label: t("pair", { source: t(`languages.${source}`), target: t(`languages.${target}`) }),
              value: row.count,
              href: `/dashboard/translations?tab=files&pair=${row.pair}`,
            };
          })}
          format={count}
          labelHeader={t("stats.pair")}
          valueHeader={t("stats.count")}
          testId="chart-pair"
        />
      </div>
      <ColumnChart
        title={t("stats.perMonth")}
        data={stats.perMonth.map((row) => ({ label: monthLabel(row.month), value: row.count }))}
        format={count}
        labelHeader={t("stats.month")}
        valueHeader={t("stats.count")}
        note={t("stats.perMonthNote")}
        testId="chart-month"
      />
    </div>
  );
}

export type SettingsView = {
  defaultSourceLanguage: string;
  defaultTargetLanguage: string;
  autoProcess: boolean;
  notifyOnCompletion: boolean;
  maxFileSizeMb: number;
  allowedFileTypes: string[];
  apiEnabled: boolean;
  apiEndpoint: string | null;
  apiKeySet: boolean;
};

export function SettingsTab({ settings, lastResult }: { settings: SettingsView; lastResult: Result }) {
  const { t } = useTranslation("translations");
  const languages = useLanguageOptions();
  const [form, fields] = useZodForm(SettingsFormSchema, {
    id: "translation-settings",
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: {
      defaultSourceLanguage: settings.defaultSourceLanguage,
      defaultTargetLanguage: settings.defaultTargetLanguage,
      maxFileSizeMb: String(settings.maxFileSizeMb),
      apiEndpoint: settings.apiEndpoint ?? "",
    },
  });
  const check = (name: string, label: string, checked: boolean, hint?: string) => (
    <div className="flex flex-col gap-1">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" name={name} defaultChecked={checked} className="size-4" />
        {label}
      </label>
      {hint ? <p className="ms-6 text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
  return (
    <Form method="post" className="max-w-2xl space-y-5" {...getFormProps(form)}>
      <h2 className="font-semibold">{t("settings.heading")}</h2>
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="settings" />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField field={fields.defaultSourceLanguage} label={t("settings.defaultSource")} options={languages} />
        <SelectField field={fields.defaultTargetLanguage} label={t("settings.defaultTarget")} options={languages} />
      </div>
      {check("autoProcess", t("settings.autoProcess"), settings.autoProcess, t("settings.autoProcessHint"))}
      {check("notifyOnCompletion", t("settings.notifyOnCompletion"), settings.notifyOnCompletion, t("settings.notifyHint"))}
      <TextField field={fields.maxFileSizeMb} type="number" label={t("settings.maxFileSize")} inputProps={{ min: 1, max: 50, className: "w-32" }} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t("settings.allowedTypes")}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {TRANSLATION_FILE_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="allowedFileTypes" value={type} defaultChecked={settings.allowedFileTypes.includes(type)} className="size-4" />
              {type.toUpperCase()}
            </label>
          ))}
        </div>
        <FieldErrors id="allowed-types-error" errors={fields.allowedFileTypes.errors} />
      </fieldset>
      <fieldset className="space-y-3 rounded-lg border p-4">
        <legend className="px-1 text-sm font-semibold">{t("settings.api")}</legend>
        {check("apiEnabled", t("settings.apiEnabled"), settings.apiEnabled)}
        <TextField field={fields.apiEndpoint} type="url" label={t("settings.apiEndpoint")} inputProps={{ placeholder: "https://" }} />
        <TextField
          field={fields.apiKey}
          type="password"
          label={t("settings.apiKey")}
          hint={settings.apiKeySet ? t("settings.apiKeySet") : t("settings.apiKeyNotSet")}
          inputProps={{ autoComplete: "new-password", defaultValue: "" }}
        />
        {settings.apiKeySet ? check("clearApiKey", t("settings.clearApiKey"), false) : null}
      </fieldset>
      <Button type="submit">{t("settings.save")}</Button>
    </Form>
  );
}
