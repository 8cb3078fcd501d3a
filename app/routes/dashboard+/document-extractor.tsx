import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FieldErrors, FormErrors, useZodForm } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { requireBackOffice } from "~/core/identity/guards.server";
import { ExtractionPanel, ExtractFormSchema, EXTRACT_ACCEPT, EXTRACT_MAX_MB, MAX_OCR_PAGES, MAX_TEXT_PAGES, OCR_LANGUAGES } from "~/features/extractor";
import { getExtraction, startExtraction, textFileName, type ExtractionView, readExtractForm } from "~/features/extractor/index.server";
import { TRANSLATION_LANGUAGES, type TranslationLanguage } from "~/features/translations";
import { createTranslationFileFromText } from "~/features/translations/index.server";
import { isAppError } from "~/lib/app-error";
import { canUseBackOffice } from "~/lib/features";
import { clientIp, refusal } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";

/**
 * Text out of a document (PDF, Word, text, scanned image): upload, follow the
 * pages as they are read, then copy, download or send the text to the translation
 * tool. The upload answers with a redirect to `?run=<id>`; that page shows the
 * progress (polling with JavaScript, refreshing itself without) and then the text.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request, "document_extractor");
  const t = await getFixedT(await getLanguage(request), "extractor");
  const runId = new URL(request.url).searchParams.get("run");
  let run: ExtractionView | null = null;
  let missing = false;
  if (runId) {
    try {
      run = await getExtraction(user, runId);
    } catch (error) {
      if (!isAppError(error) || error.status !== 404) throw error;
      missing = true;
    }
  }
  const canSaveToDesk = canUseBackOffice(user, "translations");
  return json({ title: t("title"), run, missing, canSaveToDesk }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireBackOffice(request, "document_extractor");
  if (!(request.headers.get("content-type") ?? "").includes("multipart/form-data")) return saveToDesk(request, user);
  try {
    const upload = await readExtractForm(request);
    const submission = parseWithZod(upload.fields, { schema: ExtractFormSchema });
    if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
    if (!upload.file && !upload.tooLarge) {
      return json({ result: submission.reply({ fieldErrors: { file: ["extractor:errors.noFile"] } }) }, { status: 400 });
    }
    try {
      const { id } = await startExtraction(user, {
        bytes: upload.file?.bytes ?? new Uint8Array(),
        fileName: upload.file?.name ?? "document",
        languages: submission.value.languages,
        tooLarge: upload.tooLarge,
      });
      return redirect(`/dashboard/document-extractor?run=${id}`);
    } catch (error) {
      return await refusal(request, error, submission);
    }
  } catch (error) {
    return refusal(request, error);
  }
}

/**
 * "Save as translation file": the (possibly corrected) text as a .txt file on the translation
 * desk, through the desk's own upload path (its rights: the `translations` feature; its checks).
 */
async function saveToDesk(request: Request, user: Awaited<ReturnType<typeof requireBackOffice>>) {
  const form = await request.formData();
  const runId = String(form.get("run") ?? "");
  const back = runId ? `/dashboard/document-extractor?run=${encodeURIComponent(runId)}` : "/dashboard/document-extractor";
  if (form.get("intent") !== "saveToDesk") return redirect(back);
  const source = String(form.get("source") ?? "");
  let fileName = "document";
  try {
    fileName = textFileName((await getExtraction(user, runId, { withText: false })).fileName);
  } catch (error) {
    if (!isAppError(error)) throw error;
  }
  try {
    const { id } = await createTranslationFileFromText(
      user,
      {
        text: String(form.get("text") ?? ""),
        fileName,
        sourceLanguage: (TRANSLATION_LANGUAGES as readonly string[]).includes(source) ? (source as TranslationLanguage) : "en",
      },
      { ip: clientIp(request) },
    );
    return redirectWithToast(`/dashboard/translations/${id}`, { type: "success", message: "translations:messages.savedFromExtractor" });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return redirectWithToast(back, { type: "error", message: error.key, params: error.params });
  }
}

export default function DocumentExtractor() {
  const { run, missing, canSaveToDesk } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("extractor");
  const lastResult = actionData && "result" in actionData ? (actionData.result as SubmissionResult<string[]>) : undefined;
  const [form, fields] = useZodForm(ExtractFormSchema, { id: "extract", lastResult, defaultValue: { languages: ["eng"] }, shouldValidate: "onSubmit" });
  const sending = navigation.state === "submitting" && navigation.formAction?.startsWith("/dashboard/document-extractor");
  const fileErrorId = "extract-file-error";
  const chosen = (fields.languages.initialValue as string[] | undefined) ?? ["eng"];

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title={t("title")} description={t("description")} />

      <Form method="post" encType="multipart/form-data" className="space-y-5 rounded-lg border bg-card p-4" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="extract-file" className="flex items-center gap-1.5">
            <FileText className="size-4" aria-hidden />
            {t("form.file")}
          </Label>
          <Input
            id="extract-file"
            name="file"
            type="file"
            required
            accept={EXTRACT_ACCEPT}
            className="h-auto py-1.5"
            aria-describedby={fields.file?.errors?.length ? `extract-file-hint ${fileErrorId}` : "extract-file-hint"}
            aria-invalid={fields.file?.errors?.length ? true : undefined}
          />
          <p id="extract-file-hint" className="text-xs text-muted-foreground">
            {t("form.fileHint", { max: EXTRACT_MAX_MB, ocrPages: MAX_OCR_PAGES, textPages: MAX_TEXT_PAGES })}
          </p>
          <FieldErrors id={fileErrorId} errors={fields.file?.errors} />
        </div>
        <fieldset className="space-y-2" aria-describedby="extract-languages-hint">
          <legend className="text-sm font-medium">{t("form.languages")}</legend>
          <p id="extract-languages-hint" className="text-xs text-muted-foreground">
            {t("form.languagesHint")}
          </p>
          <div className="flex flex-wrap gap-4">
            {OCR_LANGUAGES.map((language) => (
              <label key={language} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={fields.languages.name}
                  value={language}
                  defaultChecked={chosen.includes(language)}
                  className="size-4 accent-primary"
                />
                {t(`ocrLanguages.${language}`)}
              </label>
            ))}
          </div>
          <FieldErrors id={fields.languages.errorId} errors={fields.languages.errors} />
        </fieldset>
        <Button type="submit" disabled={sending}>
          {sending ? t("form.sending") : t("form.submit")}
        </Button>
      </Form>

      {missing ? (
        <p role="status" className="rounded-md border bg-muted p-3 text-sm">
          {t("missing")}
        </p>
      ) : null}
      {run ? <ExtractionPanel key={run.id} run={run} canSaveToDesk={canSaveToDesk} /> : null}
    </div>
  );
}

export const handle = { i18n: ["extractor", "translations"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
