import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { json } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { PreventFlashOnWrongTheme, ThemeProvider, useTheme } from "~/lib/theme";
import { CookieConsent } from "~/components/cookie-consent/cookie-consent";
import { GeneralErrorBoundary, RegionErrorBoundary } from "~/components/error-boundary";
import { PageLoadingScreen } from "~/components/loading-screen";
import { ScrollToTop } from "~/components/scroll-to-top";
import { useDeviceAttribute, useFullScreenHotkeys } from "~/components/shell-hooks";
import { SkipLink } from "~/components/skip-link";
import { NoScriptFlash, ShellToaster, useFlashToast, type FlashToast } from "~/components/toaster";
import { TooltipProvider } from "~/components/ui/tooltip";
import { readConsent } from "~/lib/cookie-consent.server";
import { directionOf, fallbackLanguage, isLanguage, LANGUAGE_STORAGE_KEY, type Language } from "~/lib/i18n/config";
import { getLanguage } from "~/lib/i18n/i18n.server";
import { getFixedT } from "~/lib/i18n/i18n.server";
import { I18nBootstrapScript } from "~/lib/i18n/namespaces";
import { getUser } from "~/core/identity/session-user.server";
import { getOfficeTimeZone } from "~/core/office/time-zone.server";
import { useNonce } from "~/lib/nonce";
import { useShouldHydrate } from "~/lib/hydration";
import { StaticShell } from "~/components/static-shell";
import { themeSessionResolver } from "~/lib/theme.server";
import { titleMeta } from "~/lib/meta";
import { getToast } from "~/lib/toast.server";
import { Stylesheet } from "~/lib/stylesheet";
import { WebFonts } from "~/components/web-fonts";

// One icon: with a second one (favicon.ico) browsers fetched both while the page loaded. Those that
// cannot draw an SVG icon still find /favicon.ico at its usual address.
export const links: LinksFunction = () => [{ rel: "icon", href: "/logo.svg", type: "image/svg+xml" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const language = await getLanguage(request);
  const [{ getTheme }, { toast, headers }, user, officeZone, t] = await Promise.all([
    themeSessionResolver(request),
    getToast(request),
    getUser(request),
    getOfficeTimeZone(),
    getFixedT(language),
  ]);
  return json(
    {
      language,
      siteTitle: t("shell.siteTitle"),
      notFoundTitle: t("errors.notFound"),
      // The viewer's zone: their profile's, else the office's (lib/format.ts).
      timeZone: user?.timeZone || officeZone,
      theme: getTheme(),
      toast,
      consent: readConsent(request),
    },
    { headers: headers ?? undefined },
  );
}

/**
 * The root's data changes with a submission (a toast, the theme, the language, consent, the
 * profile's zone) or a language in the query string; a plain navigation or a filter keeps it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, nextUrl, defaultShouldRevalidate }) => {
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  return nextUrl.searchParams.has("lng");
};

export type RootLoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

function Document({ children, language, ssrTheme, flash }: { children: React.ReactNode; language: Language; ssrTheme: boolean; flash?: FlashToast | null }) {
  const nonce = useNonce();
  const [theme] = useTheme();
  // Pages that work as plain HTML (handle.hydrate === false) ship no JavaScript bundle.
  const hydrate = useShouldHydrate();
  return (
    // The theme class is set on the server when the visitor chose one; otherwise the
    // flash-prevention script picks the system theme before paint. That class is then the one thing
    // the server could not know, so suppressHydrationWarning lets React accept the difference.
    // data-fonts: the text is drawn in the web fonts (components/web-fonts.tsx, docs/decisions/005-web-fonts-from-the-second-page.md).
    <html lang={language} dir={directionOf(language)} className={theme ?? undefined} data-fonts={hydrate ? "" : undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <WebFonts nonce={nonce} language={language} hydrate={hydrate} />
        <PreventFlashOnWrongTheme ssrTheme={ssrTheme} nonce={nonce} />
        <Stylesheet />
        <Links />
      </head>
      <body>
        {children}
        {hydrate ? (
          <>
            <I18nBootstrapScript />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          <StaticShell nonce={nonce} language={language} flash={flash} />
        )}
      </body>
    </html>
  );
}

/** Behaviour of the whole shell: device attribute, full-screen hotkeys, the remembered language. */
function ShellBehaviour({ language }: { language: Language }) {
  useDeviceAttribute();
  useFullScreenHotkeys();
  useEffect(() => {
    // The language choice is also remembered in the browser's local storage (the server reads its cookie).
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Storage may be disabled (private mode); the cookie still remembers the choice.
    }
  }, [language]);
  return null;
}

function App() {
  const data = useLoaderData<typeof loader>();
  const { i18n } = useTranslation();
  const language = data.language;

  // A language change reloads the document (the switch posts with reloadDocument); this only
  // catches a change that arrives with a client-side navigation (e.g. the profile's language).
  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [i18n, language]);
  const hydrate = useShouldHydrate();
  // After the language effect: a "language changed" toast speaks the new language.
  useFlashToast(data.toast, language);

  return (
    <Document language={language} ssrTheme={Boolean(data.theme)} flash={data.toast}>
      <TooltipProvider>
        <SkipLink />
        {hydrate ? <NoScriptFlash flash={data.toast} /> : null}
        {/* A page whose strings are still on their way keeps the previous page (navigations are transitions). */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
        {hydrate ? (
          <>
            <ScrollToTop />
            <ShellToaster />
          </>
        ) : null}
        <RegionErrorBoundary>
          <CookieConsent consent={data.consent} />
        </RegionErrorBoundary>
        <PageLoadingScreen />
        <ShellBehaviour language={language} />
      </TooltipProvider>
    </Document>
  );
}

export default function AppWithProviders() {
  const data = useLoaderData<typeof loader>();
  return (
    <ThemeProvider specifiedTheme={data.theme} themeAction="/resources/theme">
      <App />
    </ThemeProvider>
  );
}

/** The fallback title of every page that sets none of its own. */
export const meta: MetaFunction = titleMeta;

/** The root's own failures (the root loader itself, or a route without its own boundary). */
export function ErrorBoundary() {
  const data = useRootData();
  const { i18n } = useTranslation();
  const language = data?.language ?? (isLanguage(i18n.language) ? i18n.language : fallbackLanguage);
  return (
    <ThemeProvider specifiedTheme={data?.theme ?? null} themeAction="/resources/theme">
      <Document language={language} ssrTheme={Boolean(data?.theme)}>
        <SkipLink />
        <main id="main" tabIndex={-1} className="outline-none">
          <GeneralErrorBoundary />
        </main>
      </Document>
    </ThemeProvider>
  );
}
