import { RemixBrowser } from "@remix-run/react";
import i18next, { type BackendModule } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { defaultNS, fallbackLanguage, supportedLanguages } from "~/lib/i18n/config";
import { readBootstrapFromDocument } from "~/lib/i18n/namespaces";
import { installValidationMessages } from "~/lib/validation";

installValidationMessages();

/**
 * Namespaces a page did not bring with it come from /locales/{lng}/{ns}.json,
 * versioned by the build and by the run-time overrides' version, so a new deployment's or an
 * admin's new strings are never mixed with old ones.
 * i18next retries a failed read (5 retries from 350 ms, doubling; 10 reads at once), so a brief
 * network hiccup does not leave a page with raw keys.
 */
let stringsVersion = 0;

const localesBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    // The build's version, then the version of the strings overridden at run time (/dashboard/languages).
    const build = (window as unknown as { __remixManifest?: { version?: string } }).__remixManifest?.version ?? "";
    const version = stringsVersion ? `${build}.${stringsVersion}` : build;
    fetch(`/locales/${language}/${namespace}.json?v=${encodeURIComponent(version)}`, { credentials: "same-origin" })
      .then((response) => {
        if (response.ok) return response.json();
        // A 404 will not get better: no retry. Anything else (5xx, offline) is retried.
        throw Object.assign(new Error(`locales ${language}/${namespace}: ${response.status}`), { retry: response.status !== 404 });
      })
      .then(
        (data: Record<string, unknown>) => callback(null, data),
        (error: Error & { retry?: boolean }) => callback(error, error.retry ?? true),
      );
  },
};

async function hydrate() {
  // The server decided the language and put the page's strings in the document.
  const bootstrap = readBootstrapFromDocument();
  const language = bootstrap?.language ?? document.documentElement.lang ?? fallbackLanguage;
  const resources = bootstrap?.resources ?? {};
  stringsVersion = bootstrap?.stringsVersion ?? 0;
  await i18next
    .use(localesBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: [...supportedLanguages],
      defaultNS,
      ns: Object.keys(resources),
      resources: { [language]: resources as Record<string, Record<string, unknown>> },
      partialBundledLanguages: true,
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      interpolation: { escapeValue: false },
      // A page that needs a namespace it did not bring waits for it (navigations are transitions).
      react: { useSuspense: true },
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
