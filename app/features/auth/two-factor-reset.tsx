import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/confirm-action";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/**
 * The owner's "Reset two-factor" for another person (a lost phone), on the user's page. It posts to
 * /resources/two-factor/reset, which checks that the caller is the owner and comes back here.
 */
export function TwoFactorResetCard({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation("security");
  const location = useLocation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("reset.section")}</CardTitle>
        <CardDescription>{t("reset.help")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ConfirmAction
          label={t("reset.button")}
          title={t("reset.confirmTitle", { name })}
          description={t("reset.confirmHelp")}
          confirmLabel={t("reset.button")}
          action="/resources/two-factor/reset"
          fields={{ userId, redirectTo: location.pathname }}
          triggerVariant="destructive"
          size="default"
          testId="reset-two-factor"
        />
      </CardContent>
    </Card>
  );
}
