import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { refreshOverrides } from "~/features/languages/index.server";
import { isLanguage } from "~/lib/i18n/config";
import { resources } from "~/lib/i18n/resources.server";

/**
 * GET /locales/{lng}/{ns}.json: the per-language strings with the run-time overrides
 * merged over the bundled files, 404 for an unknown language or namespace. Pages ask for it with
 * `?v=<build>.<overrides version>`: a changed string is a new URL, so the cache below never serves old text.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  await refreshOverrides();
  const match = /^([a-z]{2})\/([\w-]+)\.json$/.exec(params["*"] ?? "");
  const language = match?.[1];
  const namespace = match?.[2];
  const bundles = isLanguage(language) ? resources()[language] : undefined;
  // Own names only: `__proto__.json` or `constructor.json` are not namespaces.
  const bundle = bundles && namespace && Object.hasOwn(bundles, namespace) ? bundles[namespace] : undefined;
  if (!bundle) return json({ message: "Not Found" }, { status: 404 });
  return json(bundle, {
    headers: { "Cache-Control": "public, max-age=300, stale-while-revalidate=86400", "Content-Language": language! },
  });
}
