import { extractText } from "~/features/extractor/index.server";
import type { OcrLanguage } from "~/features/extractor";
import { machineTranslate } from "~/features/machine-translation/index.server";
import type { MtLanguage } from "~/features/machine-translation";
import { notify } from "~/core/notify.server";
import { findPublicUser } from "~/core/identity/directory.server";
import { AppError } from "~/lib/app-error";
import { db } from "~/lib/db/db.server";
import { fallbackLanguage, isLanguage } from "~/lib/i18n/config";
import { getFixedT } from "~/lib/i18n/i18n.server";
import { defineJob, type JobContext } from "~/lib/jobs.server";
import { logger } from "~/lib/logger.server";
import { readStoredFile } from "~/lib/storage.server";
import type { TranslationFileType } from "./file-types";
import { getTranslationSettings } from "./settings.server";
import { changeTranslationStatus, uploadTranslatedFile, type Actor } from "./translations.server";

/**
 * Auto-process (the desk's setting, docs/decisions/012): a new upload whose text can be read
 * is queued as one job (`translations.autoProcess`, keyed by the file, so it is queued once);
 * the job extracts the text, machine-translates it, stores it as a new translated version
 * (a UTF-8 .txt) and completes the file with the note "Machine draft: review before delivery"
 * (no certificate: `machineDraft: true`). A refusal that a retry cannot change (an unreadable
 * file, an unsupported pair, no service configured) fails the file at once; a passing one
 * (time-out, 429, service unreachable or in error) is retried by the queue, and the file is
 * failed after the last try. Either way the note is the reason in the uploader's language,
 * and the uploader is notified (and e-mailed when "notify on completion" is on).
 */
export const AUTO_PROCESS_JOB = "translations.autoProcess";
export const AUTO_PROCESS_MAX_ATTEMPTS = 4;
export const MACHINE_DRAFT_NOTE = "Machine draft: review before delivery";

/** The kinds the extractor reads (DOC, RTF and ODT wait in `pending` for a person). */
const READABLE: ReadonlySet<TranslationFileType> = new Set(["pdf", "docx", "txt", "jpg", "png", "tiff"]);

export function isAutoProcessable(kind: string): boolean {
  return READABLE.has(kind as TranslationFileType);
}

/** Refusals a retry may cure: the service was slow, busy, away or in error. */
const TRANSIENT_KEYS = new Set(["translation-tool:errors.rateLimited", "translation-tool:errors.unreachable", "translation-tool:errors.serviceError"]);

export function isTransient(error: unknown): boolean {
  return !(error instanceof AppError) || TRANSIENT_KEYS.has(error.key);
}

/** One request's worth of text (the service takes at most 5,000 characters a call): split between paragraphs, lines or words. */
const CHUNK = 4_500;
export function splitForTranslation(text: string, size = CHUNK): string[] {
  const chunks: string[] = [];
  let rest = text.trim();
  while (rest.length > size) {
    const window = rest.slice(0, size);
    let cut = window.lastIndexOf("\n\n");
    if (cut < size / 2) cut = window.lastIndexOf("\n");
    if (cut < size / 2) cut = window.lastIndexOf(" ");
    if (cut < size / 2) cut = size;
    chunks.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) chunks.push(rest);
  return chunks;
}

const OCR_OF: Record<MtLanguage, OcrLanguage> = { en: "eng", fr: "fra", ar: "ara" };

type Payload = { fileId: string };

const autoProcessJob = defineJob<Payload>(AUTO_PROCESS_JOB, (payload, context) => processFile(payload.fileId, context), {
  maxAttempts: AUTO_PROCESS_MAX_ATTEMPTS,
  // OCR of a long scan takes minutes; the handler also extends its lease between steps.
  leaseSeconds: 900,
});

/**
 * Queues a file for auto-process when the setting is on and its text can be read; called by
 * the desk when a file is uploaded. Returns whether a job was queued (once per file).
 */
export async function queueAutoProcess(fileId: string, kind: string, autoProcess: boolean): Promise<boolean> {
  if (!autoProcess || !isAutoProcessable(kind)) return false;
  const { created } = await autoProcessJob.enqueue({ fileId }, { uniqueKey: `${AUTO_PROCESS_JOB}:${fileId}` });
  return created;
}

/** The status the desk gives a new upload: `processing` when it is queued, else `pending`. */
export function initialStatus(kind: string, autoProcess: boolean): "processing" | "pending" {
  return autoProcess && isAutoProcessable(kind) ? "processing" : "pending";
}

async function loadFile(fileId: string) {
  return db()
    .selectFrom("translationFiles")
    .select(["id", "status", "originalName", "originalFileId", "sourceLanguage", "targetLanguage", "uploadedBy"])
    .where("id", "=", fileId)
    .executeTakeFirst();
}

async function reasonIn(locale: string | null | undefined, error: unknown): Promise<string> {
  const language = isLanguage(locale) ? locale : fallbackLanguage;
  const t = await getFixedT(language);
  if (error instanceof AppError) return String(t(error.key, error.params as Record<string, unknown>));
  return String(t("translations:autoProcess.unexpected"));
}

async function processFile(fileId: string, { job, heartbeat, signal }: JobContext): Promise<void> {
  const file = await loadFile(fileId);
  // Deleted meanwhile, or a person already decided (completed, failed): nothing to do.
  if (!file || (file.status !== "processing" && file.status !== "pending")) return;
  if (!file.uploadedBy) {
    logger.warn({ fileId }, "auto-process skipped: the uploader's account is gone");
    return;
  }
  // The job acts for the uploader, with the desk's rights that were checked at upload.
  const actor: Actor = { id: file.uploadedBy, role: "owner", enabledFeatures: [] };
  const uploader = await findPublicUser(file.uploadedBy);
  if (file.status === "pending") await changeTranslationStatus(actor, fileId, "processing", "auto");

  const source = file.sourceLanguage as MtLanguage;
  const target = file.targetLanguage as MtLanguage;
  try {
    const original = file.originalFileId ? await readStoredFile(file.originalFileId) : null;
    if (!original) throw new AppError(422, "extractor:errors.corrupt");
    let lastBeat = Date.now();
    const onProgress = () => {
      // A long scan: keep the lease while pages are read (at most once a minute).
      if (Date.now() - lastBeat < 60_000) return;
      lastBeat = Date.now();
      heartbeat().catch((error: unknown) => logger.warn({ err: error, fileId }, "auto-process could not extend its lease"));
    };
    // The instance shutting down stops the scan and the translation between chunks; the queue hands the job back.
    const extracted = await extractText(new Uint8Array(original.content), { languages: [OCR_OF[source] ?? "eng"], onProgress, signal });
    await heartbeat();
    const parts: string[] = [];
    for (const chunk of splitForTranslation(extracted.text)) {
      signal.throwIfAborted();
      const { translation } = await machineTranslate({ text: chunk, source, target, actorId: null });
      parts.push(translation);
      await heartbeat();
    }
    const base = file.originalName.replace(/\.[^.]+$/, "") || "translation";
    const buffer = Buffer.from(`${parts.join("\n\n")}\n`, "utf8");
    const draftName = `${base}.${target}.machine-draft.txt`;
    await uploadTranslatedFile(
      actor,
      fileId,
      { buffer, originalName: draftName, type: { ext: "txt", mime: "text/plain" }, kind: "txt" },
      { machineDraft: true },
    );
    await changeTranslationStatus(actor, fileId, "completed", MACHINE_DRAFT_NOTE, { machineDraft: true });
    await tellUploader(file, true, null);
  } catch (error) {
    // Stopped by a shutdown: not a failure of the file; another instance takes the job again at once.
    if (signal.aborted) throw error;
    const last = job.attempts >= job.maxAttempts;
    if (isTransient(error) && !last) throw error; // the queue tries again later
    const note = await reasonIn(uploader?.locale, error);
    const current = await loadFile(fileId);
    if (current?.status === "processing") {
      await changeTranslationStatus(actor, fileId, "failed", note);
      await tellUploader(file, false, note);
    }
    // A transient error's last try: the queue keeps the error on the job too.
    if (isTransient(error)) throw error;
    logger.info({ fileId, reason: error instanceof AppError ? error.key : String(error) }, "auto-process failed for good");
  }
}

async function tellUploader(file: { id: string; originalName: string; uploadedBy: string | null }, ok: boolean, reason: string | null) {
  if (!file.uploadedBy) return;
  const settings = await getTranslationSettings();
  const kind = ok ? "autoCompleted" : "autoFailed";
  await notify({
    userId: file.uploadedBy,
    type: `translation.${kind}`,
    titleKey: `translations:notifications.${kind}.title`,
    bodyKey: `translations:notifications.${kind}.body`,
    params: { name: file.originalName, reason: reason ?? "" },
    link: `/dashboard/translations/${file.id}`,
    email: settings.notifyOnCompletion,
  });
}
