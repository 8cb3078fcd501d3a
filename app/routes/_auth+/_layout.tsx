import type { RouteHandle } from "~/lib/i18n/namespaces";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "~/components/language-switch";
import { LogoMark } from "~/components/logo";
import { ThemeSwitch } from "~/components/theme-switch";
import { getFirm } from "~/core/office/firm.server";

/**
 * The account screens: the firm's mark and name over one centred card (people see whose site
 * asks for their password), a way home, the language and theme switches, nothing else to distract.
 */
export const handle = { i18n: ["auth"] } satisfies RouteHandle;

export async function loader() {
  const firm = await getFirm();
  return json({ firmName: firm.name });
}

export default function AuthLayout() {
  const { t } = useTranslation("auth");
  const { firmName } = useLoaderData<typeof loader>();
  return (
    <div className="flex min-h-dvh flex-col items-center bg-muted/40 px-4 py-6 sm:py-10">
      <header className="mb-6 flex w-full max-w-md flex-col gap-4 sm:mb-10">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Link to="/" className="text-sm primary-link">
            {t("layout.home")}
          </Link>
          <div className="flex flex-wrap items-center gap-1">
            <LanguageSwitch compact />
            <ThemeSwitch />
          </div>
        </div>
        <p className="flex items-center justify-center gap-2 text-lg font-semibold" data-testid="auth-firm">
          <LogoMark className="size-8 shrink-0" />
          {firmName}
        </p>
      </header>
      <main id="main" className="page-end w-full max-w-md">
        <Outlet />
      </main>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
