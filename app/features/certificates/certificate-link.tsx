import { FileBadge } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "~/lib/utils";
import { certificatePdfPath } from "./certificates";

/**
 * A certificate's number beside its download link, for the client's order page and the
 * translation desk. A plain link (the PDF is a resource route, not a page); the page that
 * shows it names "certificates" in its `handle.i18n`.
 */
export function CertificateLink({ certificateNo, className }: { certificateNo: string; className?: string }) {
  const { t } = useTranslation("certificates");
  return (
    <a
      href={certificatePdfPath(certificateNo)}
      download={`certificate-${certificateNo}.pdf`}
      aria-label={t("link.download", { no: certificateNo })}
      className={cn("inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline", className)}
      data-certificate-no={certificateNo}
    >
      <FileBadge aria-hidden className="size-4 shrink-0" />
      <span>{t("link.label", { no: "" })}</span>
      <span dir="ltr" className="font-mono">
        {certificateNo}
      </span>
    </a>
  );
}
