import { Star } from "lucide-react";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { Card, CardContent } from "~/components/ui/card";
import { AttachmentsCard } from "~/features/service-orders";

/** The report body: HTML rendered from Markdown and sanitised on the server. */
export function ReportBody({ html }: { html: string }) {
  return (
    <div
      className="space-y-3 leading-relaxed [&_a]:text-primary [&_a]:underline [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:list-disc [&_ul]:ps-6 [&_blockquote]:border-s-4 [&_blockquote]:ps-3 [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_table]:w-full [&_td]:border [&_td]:p-1 [&_th]:border [&_th]:p-1"
      // Sanitised by renderMarkdown (sanitize-html allow-list) before it reaches the page.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** What the client and staff both see of a report: its body, then its attachments. */
export function ReportContent({ html, files }: { html: string; files: ComponentProps<typeof AttachmentsCard>["files"] }) {
  const { t } = useTranslation("reports");
  return (
    <>
      <Card>
        <CardContent className="pt-5">
          <ReportBody html={html} />
        </CardContent>
      </Card>
      <AttachmentsCard title={t("detail.attachments")} files={files} />
    </>
  );
}

/** A rating shown as stars and as words. */
export function Rating({ value }: { value: number }) {
  const { t } = useTranslation("reports");
  return (
    <span className="inline-flex items-center gap-1">
      <span className="inline-flex" aria-hidden>
        {[1, 2, 3, 4, 5].map((n) => (
          <Star key={n} className={n <= value ? "size-4 fill-warning text-warning" : "size-4 text-muted-foreground"} />
        ))}
      </span>
      <span className="text-sm">{t("feedback.ratingValue", { rating: value })}</span>
    </span>
  );
}
