import { Form } from "@remix-run/react";
import { Paperclip } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useUploadProgress } from "~/components/upload-progress";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { ACCEPT_ATTRIBUTE, MAX_UPLOAD_MB } from "~/lib/upload-limits";
import { checkChosenFiles, chosenFiles, type FileError } from "./file-checks";

/**
 * A multiple-file input with the translated reasons any file was refused: by the
 * browser as soon as the files are chosen (size, count, type by name), by the
 * server after sending (type by content). The server's answer replaces the browser's.
 */
export function DocumentField({ name = "documents", id, label, errors: answered }: { name?: string; id: string; label: string; errors?: FileError[] }) {
  const { t } = useTranslation("orders");
  const [checked, setChecked] = useState<FileError[] | null>(null);
  useEffect(() => setChecked(null), [answered]);
  const errors = checked ?? answered;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className="flex items-center gap-1.5">
        <Paperclip className="size-4" aria-hidden />
        {label}
      </Label>
      <Input
        id={id}
        name={name}
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        aria-describedby={errors?.length ? `${hintId} ${errorId}` : hintId}
        aria-invalid={errors?.length ? true : undefined}
        className="h-auto py-1.5"
        onChange={(event) => setChecked(checkChosenFiles([...(event.currentTarget.files ?? [])]))}
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        {t("files.hint", { max: MAX_UPLOAD_MB })}
      </p>
      {errors?.length ? (
        <ul id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {errors.map((error) => (
            <li key={`${error.key}-${error.name}`}>{t(error.key, { name: error.name, max: error.max })}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

type UploadAnswer<R> = { result?: R; fileErrors?: FileError[] };

/**
 * The order and report forms' upload with a progress bar (`useUploadProgress`) to `uploadUrl`,
 * the upload's resource route, after the browser's checks of the chosen files.
 */
export function useUploadWithProgress<R>(uploadUrl: string) {
  const upload = useUploadProgress<UploadAnswer<R>>((body) => Boolean(body.result || body.fileErrors));

  /**
   * Sends the form with a progress bar when it carries files; true when the page must not
   * submit it itself. Files the browser can already tell would be refused are not sent.
   */
  function send(form: HTMLFormElement, formData: FormData): boolean {
    const files = chosenFiles(formData);
    if (files.length === 0) return false;
    const refused = checkChosenFiles(files);
    if (refused.length > 0) upload.answerLocally({ fileErrors: refused });
    else upload.send(form, formData, uploadUrl);
    return true;
  }

  return { progress: upload.progress, answer: upload.answer, failed: upload.failed, send };
}

export function UploadProgress({ progress, failed }: { progress: number | null; failed: boolean }) {
  const { t } = useTranslation("orders");
  if (failed) {
    return (
      <p role="alert" className="text-sm font-medium text-destructive">
        {t("files.uploadFailed")}
      </p>
    );
  }
  if (progress === null) return null;
  return (
    <div className="flex items-center gap-3" role="status">
      <progress className="h-2 w-full max-w-xs accent-primary" value={progress} max={100} aria-label={t("files.uploading")} />
      <span className="text-sm tabular-nums">{t("files.progress", { percent: progress })}</span>
    </div>
  );
}

/**
 * "Add documents" on an order page: a plain multipart form without JavaScript,
 * an upload with a progress bar with it.
 */
export function AddDocumentsForm({
  id,
  upload,
  errors,
  disabled = false,
}: {
  id: string;
  upload: ReturnType<typeof useUploadWithProgress<unknown>>;
  errors?: FileError[];
  disabled?: boolean;
}) {
  const { t } = useTranslation("orders");
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-3"
      onSubmit={(event) => {
        const formElement = event.currentTarget;
        if (upload.send(formElement, new FormData(formElement))) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="upload" />
      <DocumentField id={id} label={t("detail.addDocuments")} errors={errors} />
      <UploadProgress progress={upload.progress} failed={upload.failed} />
      <Button type="submit" variant="outline" disabled={disabled || upload.progress !== null}>
        {t("detail.upload")}
      </Button>
    </Form>
  );
}
