import type { RouteHandle } from "~/lib/i18n/namespaces";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Link, Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "~/components/language-switch";
import { ThemeSwitch } from "~/components/theme-switch";

/** The account screens: one centred card, a way home, the language and theme switches, nothing else to distract. */
export const handle = { i18n: ["auth"] } satisfies RouteHandle;

export default function AuthLayout() {
  const { t } = useTranslation("auth");
  return (
    <div className="flex min-h-dvh flex-col items-center bg-muted/40 px-4 py-6 sm:py-10">
      <header className="mb-6 flex w-full max-w-md flex-wrap items-center justify-between gap-2 sm:mb-10">
        <Link to="/" className="text-sm primary-link">
          {t("layout.home")}
        </Link>
        <div className="flex flex-wrap items-center gap-1">
          <LanguageSwitch compact />
          <ThemeSwitch />
        </div>
      </header>
      <main id="main" className="page-end w-full max-w-md">
        <Outlet />
      </main>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
