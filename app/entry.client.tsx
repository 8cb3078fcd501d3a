import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { defaultNS, fallbackLanguage, supportedLanguages } from "~/lib/i18n/config";
import { installValidationMessages } from "~/lib/validation";

installValidationMessages();

type RootData = { i18n?: { language: string; resources: Record<string, Record<string, unknown>> } };

async function hydrate() {
  // The server decided the language and sent its strings with the root loader's data:
  // no detector and no HTTP backend are needed in the browser (STACK-NOTES trap 16).
  const root = (window.__remixContext.state.loaderData?.root ?? {}) as RootData;
  const language = root.i18n?.language ?? document.documentElement.lang ?? fallbackLanguage;
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: fallbackLanguage,
    supportedLngs: [...supportedLanguages],
    defaultNS,
    ns: Object.keys(root.i18n?.resources ?? {}),
    resources: root.i18n ? { [language]: root.i18n.resources } : {},
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
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
