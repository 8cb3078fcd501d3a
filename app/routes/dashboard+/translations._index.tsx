import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { requireBackOffice } from "~/core/identity/guards.server";
import { assertServiceEndpoint } from "~/features/machine-translation/index.server";
import { viewerTimeZone } from "~/core/office/time-zone.server";
import {
  DeskTabs,
  DESK_TABS,
  type DeskTab,
  FilesTab,
  SettingsTab,
  StatisticsTab,
  UploadTab,
  TRANSLATION_LANGUAGES,
  parseTranslationListQuery,
  SettingsFormSchema,
} from "~/features/translations";
import {
  createDeskFileFromForm,
  deskFormRefusal,
  readDeskForm,
  getTranslationSettings,
  saveTranslationSettings,
  findDeskClient,
  listDeskAssignees,
  listDeskClientOrders,
  listTranslationFiles,
  searchDeskClients,
  translationStatistics,
} from "~/features/translations/index.server";
import { forbidden } from "~/lib/app-error";
import { isAdminRole } from "~/lib/features";
import { logger } from "~/lib/logger.server";
import { clientIp } from "~/lib/http.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * The translation desk: four tabs (links; the active one is `?tab=` in the URL). Each tab's
 * data is loaded only when it is shown. Per-file actions post to the file's page
 * (translations.$id.tsx); this action takes the upload and the settings.
 */
function tabsFor(role: string): readonly DeskTab[] {
  return isAdminRole(role) ? DESK_TABS : DESK_TABS.filter((tab) => tab !== "settings");
}

function activeTab(url: URL, tabs: readonly DeskTab[]): DeskTab {
  const wanted = url.searchParams.get("tab");
  return tabs.find((tab) => tab === wanted) ?? "upload";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request, "translations");
  const url = new URL(request.url);
  const tabs = tabsFor(user.role);
  const tab = activeTab(url, tabs);
  const settings = await getTranslationSettings();
  const language = await getLanguage(request);
  const t = await getFixedT(language, "translations");
  const limits = { maxFileSizeMb: settings.maxFileSizeMb, allowedFileTypes: settings.allowedFileTypes };
  const common = { tab, tabs, limits, title: `${t("title")} · ${t(`tabs.${tab}`)}` };

  if (tab === "upload") {
    const q = url.searchParams.get("q")?.trim().slice(0, 100) || undefined;
    const clientId = url.searchParams.get("client") || null;
    const client = clientId ? await findDeskClient(user, clientId) : null;
    return json({
      ...common,
      upload: {
        q: q ?? "",
        clients: await searchDeskClients(user, q),
        client,
        orders: client ? await listDeskClientOrders(user, client.id, language) : [],
        assignees: await listDeskAssignees(user),
        defaults: { sourceLanguage: settings.defaultSourceLanguage, targetLanguage: settings.defaultTargetLanguage },
      },
    });
  }
  if (tab === "files") {
    const query = parseTranslationListQuery(url);
    let page: Awaited<ReturnType<typeof listTranslationFiles>>;
    let fetchFailed = false;
    try {
      page = await listTranslationFiles(user, { ...query, timeZone: await viewerTimeZone(user) });
    } catch (error) {
      // The tab still shows, with the desk's fixed "Failed to fetch translation files" in place of the list.
      logger.error({ err: error }, "translation files list failed");
      page = { items: [], page: 1, perPage: query.perPage, total: 0, totalCapped: false, pageCount: 1, nextCursor: null, prevCursor: null };
      fetchFailed = true;
    }
    return json({
      ...common,
      files: {
        page,
        fetchFailed,
        query: { status: query.status ?? "", pair: query.pair ?? "", client: query.client ?? "", q: query.q ?? "", from: query.from ?? "", to: query.to ?? "" },
        pairs: TRANSLATION_LANGUAGES.flatMap((source) => TRANSLATION_LANGUAGES.filter((target) => target !== source).map((target) => `${source}-${target}`)),
        clients: await searchDeskClients(user, undefined),
        back: url.pathname + url.search,
      },
    });
  }
  if (tab === "statistics") return json({ ...common, stats: await translationStatistics(user) });
  // Settings: never the key, only whether one is stored.
  return json({ ...common, settings });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireBackOffice(request, "translations");
  const settings = await getTranslationSettings();
  const form = await readDeskForm(request, user.id, settings);
  const intent = form.fields.get("intent");

  if (intent === "settings") {
    const submission = parseWithZod(form.fields, { schema: SettingsFormSchema });
    if (submission.status !== "success") {
      return json({ result: submission.reply({ formErrors: ["translations:messages.settingsFailed"], hideFields: ["apiKey"] }) }, { status: 400 });
    }
    try {
      // Only those who may save the address get it looked up.
      if (!isAdminRole(user.role)) throw forbidden();
      await assertServiceEndpoint(submission.value.apiEndpoint);
      await saveTranslationSettings(user, submission.value, { ip: clientIp(request) });
    } catch (error) {
      return deskFormRefusal(error, submission, "translations:messages.settingsFailed", ["apiKey"]);
    }
    return redirectWithToast("/dashboard/translations?tab=settings", { type: "success", message: "translations:messages.settingsSaved" });
  }

  return createDeskFileFromForm(request, user, settings, form);
}

export default function TranslationDesk() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { result?: SubmissionResult<string[]> } | undefined;
  const { t } = useTranslation("translations");
  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} />
      <DeskTabs active={data.tab} tabs={data.tabs} />
      <section aria-label={t(`tabs.${data.tab}`)}>
        {"upload" in data ? (
          <UploadTab
            limits={data.limits}
            defaults={data.upload.defaults}
            q={data.upload.q}
            clients={data.upload.clients}
            client={data.upload.client}
            orders={data.upload.orders}
            assignees={data.upload.assignees}
            lastResult={actionData?.result}
          />
        ) : null}
        {"files" in data ? <FilesTab {...data.files} limits={data.limits} /> : null}
        {"stats" in data ? <StatisticsTab stats={data.stats} /> : null}
        {"settings" in data ? <SettingsTab settings={data.settings} lastResult={actionData?.result} /> : null}
      </section>
    </div>
  );
}

export const handle = { i18n: ["translations"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
