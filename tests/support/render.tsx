import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
// The router under @remix-run/react (a dependency of it), for rendering links outside Remix.
import { StaticRouter } from "react-router-dom/server";
import { getInstance } from "~/lib/i18n/i18n.server";

/** Renders a component as the server would, in a language, for unit tests of markup. */
export async function renderHtml(element: React.ReactElement, language: "en" | "ar" | "fr" = "en", location = "/"): Promise<string> {
  const i18n = await getInstance(language);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <div dir={i18n.dir(language)}>
        <StaticRouter location={location}>{element}</StaticRouter>
      </div>
    </I18nextProvider>,
  );
}
