import { Form, useFetcher, useRevalidator } from "@remix-run/react";
import { Check, Copy, Download, FilePlus, Languages, Loader2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button, buttonVariants } from "~/components/ui/button";
import { Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { ExtractionView } from "./extractor.server";
import { SEND_TO_TRANSLATION_MAX_CHARS } from "./extractor.schema";

/**
 * The extractor page's pieces: a run's progress (polled with JavaScript, a page
 * that refreshes itself without), its refusal, and the text with its actions.
 */
const POLL_MS = 1000;

/** `canSaveToDesk`: the viewer has the translation desk, so "Save as translation file" is offered. */
export function ExtractionPanel({ run, canSaveToDesk = false }: { run: ExtractionView; canSaveToDesk?: boolean }) {
  if (run.status === "queued" || run.status === "working") return <ExtractionProgress run={run} />;
  if (run.status === "failed") return <ExtractionFailure run={run} />;
  return <ExtractionResult run={run} canSaveToDesk={canSaveToDesk} />;
}

function ExtractionProgress({ run }: { run: ExtractionView }) {
  const { t } = useTranslation("extractor");
  const fetcher = useFetcher<ExtractionView>();
  const revalidator = useRevalidator();
  const latest = fetcher.data && fetcher.data.id === run.id ? fetcher.data : run;

  useEffect(() => {
    if (latest.status === "done" || latest.status === "failed") {
      // Finished: the page's loader brings the text.
      if (revalidator.state === "idle") revalidator.revalidate();
      return;
    }
    const timer = setTimeout(() => {
      if (fetcher.state === "idle") fetcher.load(`/resources/document-extractor/${run.id}`);
    }, POLL_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- polls again after each answer (or failed poll)
  }, [latest, run.id, fetcher.state]);

  return (
    <section aria-labelledby="extract-progress-title" className="space-y-3 rounded-lg border bg-card p-4">
      <noscript>
        {/* Without JavaScript the page asks again by itself until the text is there. */}
        <meta httpEquiv="refresh" content="2" />
      </noscript>
      <h2 id="extract-progress-title" className="flex items-center gap-2 font-semibold">
        <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
        {t("progress.title", { name: run.fileName })}
      </h2>
      <progress
        className="h-2 w-full accent-primary"
        max={Math.max(latest.total, 1)}
        value={latest.total ? latest.done : undefined}
        aria-labelledby="extract-progress-text"
      />
      <p id="extract-progress-text" className="text-sm text-muted-foreground" role="status" aria-live="polite" data-testid="extract-progress">
        {latest.total
          ? t(latest.method === "ocr" ? "progress.pageOcr" : "progress.page", { done: latest.done, total: latest.total, page: latest.page })
          : t("progress.starting")}
      </p>
      <noscript>
        <a href={`?run=${run.id}`} className="text-sm font-semibold text-primary underline">
          {t("progress.refresh")}
        </a>
      </noscript>
    </section>
  );
}

function ExtractionFailure({ run }: { run: ExtractionView }) {
  const { t } = useTranslation("extractor");
  return (
    <div
      role="alert"
      className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive"
      data-testid="extract-error"
    >
      <p>{t("failed", { name: run.fileName })}</p>
      <p>{t(run.error?.key ?? "extractor:errors.failed", run.error?.params)}</p>
    </div>
  );
}

function CopyButton({ targetId }: { targetId: string }) {
  const { t } = useTranslation("extractor");
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Button
      type="button"
      variant="outline"
      onClick={async () => {
        const area = document.getElementById(targetId) as HTMLTextAreaElement | null;
        if (!area) return;
        try {
          await navigator.clipboard.writeText(area.value);
        } catch {
          area.select();
          document.execCommand("copy");
        }
        setCopied(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), 2000);
      }}
    >
      {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
      <span aria-live="polite">{copied ? t("result.copied") : t("result.copy")}</span>
    </Button>
  );
}

function ExtractionResult({ run, canSaveToDesk }: { run: ExtractionView; canSaveToDesk: boolean }) {
  const { t } = useTranslation("extractor");
  const hydrated = useHydrated();
  const textId = useId();
  const result = run.result;
  if (!result) return null;
  const canSend = result.text.length <= SEND_TO_TRANSLATION_MAX_CHARS;
  return (
    <section aria-labelledby="extract-result-title" className="space-y-3 rounded-lg border bg-card p-4" data-testid="extract-result">
      <div className="space-y-1">
        <h2 id="extract-result-title" className="font-semibold">
          {t("result.title", { name: run.fileName })}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t("result.summary", { count: result.pages, ocr: result.ocrPages })} · {t("result.language", { language: t(`languageNames.${result.language}`) })}
        </p>
      </div>
      {/* The text is the translation tool's form field: it can be corrected before it is sent. */}
      <Form method="post" action="/dashboard/translation" className="space-y-3">
        <Label htmlFor={textId}>{t("result.text")}</Label>
        <Textarea id={textId} name="text" defaultValue={result.text} dir="auto" rows={16} className="font-mono text-sm" data-testid="extract-text" />
        <input type="hidden" name="source" value={result.language} />
        <input type="hidden" name="run" value={run.id} />
        <div className="flex flex-wrap items-center gap-2">
          {hydrated ? <CopyButton targetId={textId} /> : null}
          <a href={`/resources/document-extractor/${run.id}/text`} download className={buttonVariants({ variant: "outline" })}>
            <Download className="size-4" aria-hidden />
            {t("result.download")}
          </a>
          {canSend ? (
            <Button type="submit">
              <Languages className="size-4" aria-hidden />
              {t("result.sendToTranslation")}
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">{t("result.tooLongToSend", { max: SEND_TO_TRANSLATION_MAX_CHARS })}</p>
          )}
          {canSaveToDesk ? (
            // The same form's text, posted to this page's action instead (formaction; no JavaScript needed).
            <Button
              type="submit"
              variant="outline"
              name="intent"
              value="saveToDesk"
              formAction="/dashboard/document-extractor"
              aria-describedby={`${textId}-desk-hint`}
            >
              <FilePlus className="size-4" aria-hidden />
              {t("save.button")}
            </Button>
          ) : null}
        </div>
        {canSaveToDesk ? (
          <p id={`${textId}-desk-hint`} className="text-xs text-muted-foreground">
            {t("save.hint")}
          </p>
        ) : null}
      </Form>
    </section>
  );
}
