import { PassThrough } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import type { Language } from "~/lib/i18n/config";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { AppLoadContext } from "../server/platform";
import { linkPageReferrerPolicy } from "~/core/identity/link-session.server";
import { isBundleFree } from "~/lib/hydration";
import { getInstance, getLanguage, queryLanguageCookie } from "~/lib/i18n/i18n.server";
import { I18nBootstrapProvider, namespacesOf, serialiseBootstrap } from "~/lib/i18n/namespaces";
import { resources, stringOverridesVersion } from "~/lib/i18n/resources.server";
import { withRenderedRoutes } from "~/lib/rendered-routes.server";
import { logger } from "~/lib/logger.server";
import { NonceProvider } from "~/lib/nonce";
import { InlineStylesheetProvider } from "~/lib/stylesheet";
import { installValidationMessages } from "~/lib/validation";
import { inlineStylesheetFor } from "~/lib/stylesheet.server";

export { platform } from "~/platform.server";

installValidationMessages();

const ABORT_DELAY = 5_000;

/** Client-side navigations to a `?lng=` link keep the language as a document request does. */
export async function handleDataRequest(response: Response, { request }: { request: Request }): Promise<Response> {
  const languageCookie = await queryLanguageCookie(request);
  if (!languageCookie) return response;
  const headers = new Headers(response.headers);
  headers.append("Set-Cookie", languageCookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const language = await getLanguage(request);
  const i18n = await getInstance(language);
  const nonce = loadContext.cspNonce;
  const bundleFree = isBundleFree(remixContext);
  // A page that hydrates carries the strings of the namespaces its routes name, and no others.
  const bootstrap = bundleFree ? "" : pageStrings(remixContext, language);
  // Cross-Origin-Opener-Policy (docs/decisions/006): other sites' windows keep no hold on any page
  // that is personal or part of signing in. The bundle-free public pages, the same anonymous HTML for
  // everyone, go without it: there it protects nothing a visitor has, and it makes the browser start a
  // new page process for a visitor's first page, about a third of a second of a phone's main thread.
  if (!bundleFree) responseHeaders.set("Cross-Origin-Opener-Policy", "same-origin");
  // The pages a one-click link leads to send no Referer to any other site (docs/decisions/021).
  const referrerPolicy = linkPageReferrerPolicy(new URL(request.url).pathname);
  if (referrerPolicy) responseHeaders.set("Referrer-Policy", referrerPolicy);
  // A language chosen by ?lng= is kept for the next pages. (server/page-cache.ts never stores an answer with
  // a Set-Cookie, so the cookie is neither shared nor lost.)
  const languageCookie = await queryLanguageCookie(request);
  if (languageCookie) responseHeaders.append("Set-Cookie", languageCookie);
  // Bots get the whole document at once; people get it streamed as it renders.
  const forBots = isbot(request.headers.get("user-agent") ?? "");

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // The abort timer holds the whole render (tree, loader data, request) until it fires or is cleared:
    // it is cleared as soon as the render is complete, so that a finished page is not kept for 5 s.
    let abortTimer: ReturnType<typeof setTimeout> | undefined;
    let complete = false;
    const finish = () => {
      complete = true;
      clearTimeout(abortTimer);
    };
    const respond = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineStylesheetProvider value={inlineStylesheetFor(bundleFree)}>
          <I18nBootstrapProvider value={bootstrap}>
            <I18nextProvider i18n={i18n}>
              <RemixServer context={withRenderedRoutes(remixContext, new URL(request.url))} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
            </I18nextProvider>
          </I18nBootstrapProvider>
        </InlineStylesheetProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!forBots) respond();
        },
        onAllReady() {
          if (forBots) respond();
          finish();
        },
        onShellError(error: unknown) {
          finish();
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged here; before it, Remix's handleError logs them.
          if (shellRendered) logger.error({ err: error, requestId: loadContext.requestId }, "render failed");
        },
      },
    );
    if (!complete) abortTimer = setTimeout(abort, ABORT_DELAY);
  });
}

function pageStrings(context: EntryContext, language: Language): string {
  const handles = context.staticHandlerContext.matches.map((match) => context.routeModules[match.route.id]?.handle);
  const all = resources()[language];
  const picked = Object.fromEntries(namespacesOf(handles).flatMap((name) => (all[name] ? [[name, all[name]]] : [])));
  return serialiseBootstrap({ language, resources: picked, stringsVersion: stringOverridesVersion() });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logger.error({ err: error, url: new URL(request.url).pathname, requestId: request.headers.get("x-request-id") }, "request failed");
}
