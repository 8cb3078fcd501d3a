import { useNavigate } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { WithTooltip } from "~/components/ui/tooltip";

/**
 * One step back in history, with the tooltip 'Back to the last page'. A page with a back link
 * of its own (PageHeader's) hides it (.go-back in app.css): one way back per page.
 */
export function GoBackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <WithTooltip label={t("shell.goBackTooltip")}>
      <Button type="button" variant="ghost" size="sm" onClick={() => navigate(-1)} className="go-back" data-testid="go-back">
        <ArrowLeft aria-hidden className="rtl:rotate-180" />
        <span className="max-sm:sr-only">{t("shell.goBack")}</span>
      </Button>
    </WithTooltip>
  );
}
