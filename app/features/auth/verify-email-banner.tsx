import { Form, useLocation } from "@remix-run/react";
import { MailWarning } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

/**
 * Shown to signed-in users whose address is not verified yet (the area layouts render it).
 * The resend button is a plain form, so it works without JavaScript.
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const { t } = useTranslation("auth");
  const location = useLocation();
  return (
    <div
      role="status"
      className="flex flex-col gap-3 border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <MailWarning aria-hidden="true" className="size-5 shrink-0" />
      <p className="flex-1">{t("banner.message", { email })}</p>
      <Form method="post" action="/resources/resend-verification">
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <Button type="submit" size="sm" variant="outline">
          {t("banner.resend")}
        </Button>
      </Form>
    </div>
  );
}
