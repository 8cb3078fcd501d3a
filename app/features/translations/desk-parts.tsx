import { Form } from "@remix-run/react";
import { CheckCircle2, Clock, Download, Loader2, Trash2, XCircle, type LucideIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/confirm-action";
import { useResetKey } from "~/components/form-reset";
import { LinkTabs } from "~/components/link-tabs";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { useUploadProgress } from "~/components/upload-progress";
import { Input, Select, Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { decodeMessage } from "~/lib/app-error";
import { cn } from "~/lib/utils";
import { acceptAttribute, typeFromName } from "./file-types";
import { nextTranslationStatuses, type TranslationStatus } from "./status";

/**
 * Pieces of the translation desk's pages: the tabs (links: they work without JavaScript and
 * the active tab lives in the URL), the status badge, the upload with a progress bar, and the
 * per-file forms (status, translated file, delete), which post to the file's page.
 */
export const DESK_TABS = ["upload", "files", "statistics", "settings"] as const;
export type DeskTab = (typeof DESK_TABS)[number];

export function DeskTabs({ active, tabs }: { active: DeskTab; tabs: readonly DeskTab[] }) {
  const { t } = useTranslation("translations");
  return (
    <LinkTabs
      label={t("tabs.label")}
      tabs={tabs.map((tab) => ({ to: `/dashboard/translations?tab=${tab}`, label: t(`tabs.${tab}`), current: tab === active }))}
    />
  );
}

const LOOK: Record<TranslationStatus, { icon: LucideIcon; tone: BadgeTone }> = {
  pending: { icon: Clock, tone: "neutral" },
  processing: { icon: Loader2, tone: "primary" },
  completed: { icon: CheckCircle2, tone: "success" },
  failed: { icon: XCircle, tone: "danger" },
};

/** A status as an icon and its name: never colour alone. */
export function TranslationStatusBadge({ status, className }: { status: TranslationStatus; className?: string }) {
  const { t } = useTranslation("translations");
  return (
    <Badge {...(LOOK[status] ?? LOOK.pending)} className={className}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** A refusal's message (an encoded key with parameters) in the reader's language. */
export function useMessage() {
  const { t } = useTranslation("translations");
  return (message: string) => {
    const { key, params } = decodeMessage(message);
    return t(key, params);
  };
}

type UploadAnswer = { result?: { error?: Record<string, string[] | null> | null } & Record<string, unknown>; failure?: string; reason?: string };

/**
 * The desk's upload with a progress bar (`useUploadProgress`) to `uploadUrl`, the upload's
 * resource route. A file the browser can already tell would be refused (none, too large, a
 * type not allowed by its name) is not sent.
 */
export function useDeskUpload(limits: { maxFileSizeMb: number; allowedFileTypes: readonly string[] }, uploadUrl: string) {
  const upload = useUploadProgress<UploadAnswer>((body) => Boolean(body.result || body.failure));
  const [localError, setLocalError] = useState<string | null>(null);

  function refusalOf(data: FormData): string | null {
    const file = data.get("file");
    const chosen = file && typeof file !== "string" && (file.size > 0 || file.name !== "") ? file : null;
    if (!chosen) return "translations:errors.fileRequired";
    if (chosen.size > limits.maxFileSizeMb * 1024 * 1024)
      return `translations:errors.tooLarge\u001f${JSON.stringify({ name: chosen.name, max: limits.maxFileSizeMb })}`;
    const named = typeFromName(chosen.name);
    if (!named || !limits.allowedFileTypes.includes(named)) {
      return `translations:errors.typeNotAllowed\u001f${JSON.stringify({ name: chosen.name, types: limits.allowedFileTypes.map((type) => type.toUpperCase()).join(", ") })}`;
    }
    return null;
  }

  /** True when the page must not submit the form itself. */
  function send(form: HTMLFormElement): boolean {
    const data = new FormData(form);
    const refusal = refusalOf(data);
    setLocalError(refusal);
    if (refusal) upload.answerLocally(null);
    else upload.send(form, data, uploadUrl);
    return true;
  }

  return { progress: upload.progress, answer: upload.answer, localError, failed: upload.failed, send };
}

export function DeskUploadProgress({ progress, failed, failedKey }: { progress: number | null; failed: boolean; failedKey: string }) {
  const { t } = useTranslation("translations");
  if (failed) {
    return (
      <p role="alert" className="text-sm font-medium text-destructive">
        {t(failedKey)}
      </p>
    );
  }
  if (progress === null) return null;
  return (
    <div className="flex items-center gap-3" role="status">
      <progress className="h-2 w-full max-w-xs accent-primary" value={progress} max={100} aria-label={t("upload.uploading")} />
      <span className="text-sm tabular-nums">{t("upload.progress", { percent: progress })}</span>
    </div>
  );
}

/** A file input with its hint and error (the server's answer, or the browser's early check). */
export function FileInput({
  id,
  label,
  allowedFileTypes,
  maxFileSizeMb,
  error,
}: {
  id: string;
  label: string;
  allowedFileTypes: readonly string[];
  maxFileSizeMb: number;
  error?: string | null;
}) {
  const { t } = useTranslation("translations");
  const message = useMessage();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name="file"
        type="file"
        accept={acceptAttribute(allowedFileTypes)}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        className="h-auto py-1.5"
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t("upload.fileHint", { types: allowedFileTypes.map((type) => type.toUpperCase()).join(", "), max: maxFileSizeMb })}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {message(error)}
        </p>
      ) : null}
    </div>
  );
}

/** "Update status": the moves the machine allows from here, and an optional note. */
export function StatusForm({ fileId, status, redirectTo, idPrefix }: { fileId: string; status: TranslationStatus; redirectTo: string; idPrefix: string }) {
  const { t } = useTranslation("translations");
  const moves = nextTranslationStatuses(status);
  const resetKey = useResetKey(status);
  if (moves.length === 0) return <p className="text-sm text-muted-foreground">{t("actions.noMoves")}</p>;
  return (
    <Form key={resetKey} method="post" action={`/dashboard/translations/${fileId}`} className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${idPrefix}-status`}>{t("actions.newStatus")}</Label>
        <Select id={`${idPrefix}-status`} name="status" defaultValue={moves[0]}>
          {moves.map((move) => (
            <option key={move} value={move}>
              {t(`status.${move}`)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${idPrefix}-note`}>{t("actions.statusNotes")}</Label>
        <Textarea id={`${idPrefix}-note`} name="note" rows={2} maxLength={1000} />
      </div>
      <div>
        <Button type="submit" size="sm">
          {t("actions.saveStatus")}
        </Button>
      </div>
    </Form>
  );
}

/** "Upload translated file" (a new version; the earlier ones are kept), with a progress bar. */
export function TranslatedUploadForm({
  fileId,
  status,
  redirectTo,
  idPrefix,
  limits,
}: {
  fileId: string;
  status: TranslationStatus;
  redirectTo: string;
  idPrefix: string;
  limits: { maxFileSizeMb: number; allowedFileTypes: readonly string[] };
}) {
  const { t } = useTranslation("translations");
  const upload = useDeskUpload(limits, `/resources/uploads/dashboard/translations/${fileId}`);
  const canComplete = status === "processing";
  const error = upload.localError ?? upload.answer?.reason ?? null;
  return (
    <Form
      method="post"
      action={`/dashboard/translations/${fileId}`}
      encType="multipart/form-data"
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        if (upload.send(event.currentTarget)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="translated" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FileInput
        id={`${idPrefix}-file`}
        label={t("actions.translatedFile")}
        allowedFileTypes={limits.allowedFileTypes}
        maxFileSizeMb={limits.maxFileSizeMb}
        error={error}
      />
      {canComplete ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="complete" defaultChecked className="size-4" />
          {t("actions.markCompleted")}
        </label>
      ) : null}
      {upload.answer?.failure ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {t(upload.answer.failure)}
        </p>
      ) : null}
      <DeskUploadProgress progress={upload.progress} failed={upload.failed} failedKey="messages.translatedFailed" />
      <div>
        <Button type="submit" size="sm" disabled={upload.progress !== null}>
          {t("actions.sendTranslated")}
        </Button>
      </div>
    </Form>
  );
}

export function DeleteFileAction({ fileId, name, redirectTo }: { fileId: string; name: string; redirectTo: string }) {
  const { t } = useTranslation("translations");
  return (
    <ConfirmAction
      label={t("actions.delete")}
      title={t("actions.deleteTitle", { name })}
      description={t("actions.deleteWarning")}
      confirmLabel={t("actions.deleteConfirm")}
      action={`/dashboard/translations/${fileId}`}
      fields={{ intent: "delete", redirectTo }}
      triggerVariant="ghost"
      className="self-start text-destructive"
      icon={<Trash2 aria-hidden className="size-4" />}
      testId={`delete-${fileId}`}
    />
  );
}

export function DownloadLink({ href, label, className }: { href: string; label: string; className?: string }) {
  return (
    <a href={href} className={cn(buttonVariants({ variant: "outline", size: "sm" }), className)} download>
      <Download aria-hidden className="size-4" />
      {label}
    </a>
  );
}
