import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListFilters } from "~/components/list-filters";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FilterSelect } from "~/components/filter-select";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input, Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { DataTable } from "~/components/ui/data-table";
import { Pagination } from "~/components/ui/pagination";
import { requireBackOffice } from "~/core/identity/guards.server";
import { OverrideFormSchema, parseStringListQuery, STRING_FILTERS } from "~/features/languages";
import { languageCoverage, listNamespaces, listStrings, resetOverride, saveOverride, type StringRow } from "~/features/languages/index.server";
import { decodeMessage, encodeMessage, isAppError } from "~/lib/app-error";
import { useFormatter } from "~/lib/format";
import { currentPath, refusal } from "~/lib/http.server";
import { directionOf, languageNames, supportedLanguages } from "~/lib/i18n/config";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { pageLinks } from "~/lib/pagination";
import { redirectWithToast } from "~/lib/toast.server";
import { cn } from "~/lib/utils";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request, "admin");
  const query = parseStringListQuery(new URL(request.url));
  const [t, coverage, page] = await Promise.all([getFixedT(await getLanguage(request), "languages"), languageCoverage(), listStrings(query)]);
  return json({
    title: t("title"),
    coverage,
    namespaces: listNamespaces(),
    page,
    query: { language: query.language ?? "fr", ns: query.ns ?? "", q: query.q ?? "", show: query.show ?? "all" },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireBackOffice(request, "admin");
  const submission = parseWithZod(await request.formData(), { schema: OverrideFormSchema });
  if (submission.status !== "success") {
    const value = submission.payload;
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "languages:errors.unknownString";
    return json(
      { failed: { namespace: String(value.namespace ?? ""), key: String(value.key ?? ""), value: String(value.value ?? ""), message } },
      { status: 422 },
    );
  }
  const input = submission.value;
  try {
    if (input.intent === "save") await saveOverride(user, input);
    else await resetOverride(user, input);
  } catch (error) {
    if (isAppError(error) && error.field) {
      const value = input.intent === "save" ? input.value : "";
      return json({ failed: { namespace: input.namespace, key: input.key, value, message: encodeMessage(error.key, error.params) } }, { status: error.status });
    }
    return refusal(request, error);
  }
  return redirectWithToast(currentPath(request), { type: "success", message: input.intent === "save" ? "languages:saved" : "languages:resetDone" });
}

export default function Languages() {
  const { coverage, namespaces, page, query } = useLoaderData<typeof loader>();
  const { t } = useTranslation("languages");
  const format = useFormatter();
  const failed = useActionData<typeof action>()?.failed;
  const navigation = useNavigation();
  const busyKey = navigation.formData ? `${String(navigation.formData.get("namespace"))}:${String(navigation.formData.get("key"))}` : null;
  const share = (translated: number, total: number) => format.percent(total === 0 ? 1 : translated / total);
  const listUrl = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;
  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("description")} />

      <Card>
        <CardHeader>
          <CardTitle>{t("coverage.title")}</CardTitle>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("coverage.title")}</caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-2 text-start font-semibold">
                  {t("coverage.namespace")}
                </th>
                {supportedLanguages.map((language) => (
                  <th key={language} scope="col" className="py-2 text-end font-semibold">
                    {languageNames[language]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {namespaces.map((namespace) => (
                <tr key={namespace} className="border-b last:border-0">
                  <th scope="row" className="py-2 text-start font-normal">
                    <code>{namespace}</code>
                  </th>
                  {supportedLanguages.map((language) => {
                    const row = coverage.find((entry) => entry.language === language && entry.namespace === namespace);
                    if (!row) return <td key={language} />;
                    const missing = row.total - row.translated;
                    return (
                      <td key={language} className="py-2 text-end tabular-nums">
                        <span data-testid={`coverage-${language}-${namespace}`}>{share(row.translated, row.total)}</span>
                        {missing > 0 ? (
                          <Link to={listUrl({ language, ns: namespace, show: "missing" })} className="ms-2 text-xs text-primary underline underline-offset-4">
                            {t("coverage.missing", { count: missing })}
                          </Link>
                        ) : null}
                        {row.overridden > 0 ? (
                          <span className="ms-2 text-xs text-muted-foreground">{t("coverage.overridden", { count: row.overridden })}</span>
                        ) : null}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>

      <ListFilters
        label={t("filters.label")}
        active={[query.ns, query.q].filter(Boolean).length}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      >
        <FilterSelect
          id="language"
          name="language"
          label={t("filters.language")}
          defaultValue={query.language}
          options={supportedLanguages.map((language) => ({ value: language, label: languageNames[language] }))}
        />
        <FilterSelect
          id="ns"
          name="ns"
          label={t("filters.namespace")}
          defaultValue={query.ns}
          any={t("filters.allNamespaces")}
          options={namespaces.map((namespace) => ({ value: namespace, label: namespace }))}
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="q">{t("filters.search")}</Label>
          <Input id="q" name="q" type="search" defaultValue={query.q} placeholder={t("filters.searchPlaceholder")} />
        </div>
        <FilterSelect
          id="show"
          name="show"
          label={t("filters.show")}
          defaultValue={query.show}
          options={STRING_FILTERS.map((value) => ({ value, label: t(`filters.shows.${value}`) }))}
        />
        <Button type="submit">{t("filters.apply")}</Button>
      </ListFilters>

      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t("strings.count", { count: page.total })}
      </p>
      <DataTable
        caption={t("strings.caption", { language: languageNames[query.language as keyof typeof languageNames] })}
        rows={page.items}
        rowKey={stringId}
        rowTestId={(row) => `string-${stringId(row)}`}
        rowClassName={() => "align-top"}
        empty={t("strings.empty")}
        columns={[
          {
            header: t("strings.key"),
            rowHeader: true,
            cell: (row) => (
              <>
                <code className="break-all text-xs">{stringId(row)}</code>
                {row.override !== null ? <span className="mt-1 block text-xs font-semibold text-primary">{t("strings.overridden")}</span> : null}
                {row.bundled === null || row.bundled.trim() === "" ? (
                  <span className="mt-1 block text-xs font-semibold text-destructive">{t("strings.missing")}</span>
                ) : null}
                {row.pluralCounts ? (
                  <span className="mt-1 block text-xs text-muted-foreground">
                    {t("strings.pluralFor", { numbers: row.pluralCounts.map((count) => format.number(count)).join(", ") })}
                  </span>
                ) : null}
              </>
            ),
          },
          {
            header: t("strings.english"),
            cell: (row) => (
              <span lang="en" dir="ltr">
                {row.english}
              </span>
            ),
          },
          {
            header: t("strings.value"),
            className: "min-w-[18rem]",
            cell: (row) => <OverrideForm row={row} language={query.language} failed={failed} busy={busyKey === stringId(row)} />,
          },
        ]}
      />
      <Pagination {...pageLinks(page)} />
    </div>
  );
}

/** A string's id on this page: its namespace and key. */
const stringId = (row: { namespace: string; key: string }) => `${row.namespace}:${row.key}`;

type FailedOverride = { namespace: string; key: string; value: string; message: string };

/** A string's override in the chosen language: save it, or reset it to the bundled text. A refused value stays in the box with its message. */
function OverrideForm({ row, language, failed, busy }: { row: StringRow; language: string; failed: FailedOverride | undefined; busy: boolean }) {
  const { t } = useTranslation("languages");
  const rowId = stringId(row);
  const error = failed && failed.namespace === row.namespace && failed.key === row.key ? failed : null;
  const fieldId = `value-${rowId.replace(/[^\w-]/g, "_")}`;
  const current = row.override ?? row.bundled ?? "";
  return (
    <Form method="post" className="flex flex-col gap-2" preventScrollReset>
      <input type="hidden" name="language" value={language} />
      <input type="hidden" name="namespace" value={row.namespace} />
      <input type="hidden" name="key" value={row.key} />
      <Label htmlFor={fieldId} className="sr-only">
        {t("strings.overrideLabel", { key: rowId })}
      </Label>
      <Textarea
        id={fieldId}
        name="value"
        rows={Math.min(6, Math.max(1, Math.ceil(current.length / 60)))}
        defaultValue={error ? error.value : current}
        lang={language}
        dir={directionOf(language)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : row.placeholders.length > 0 ? `${fieldId}-hint` : undefined}
        className={cn(error && "border-destructive")}
      />
      {row.placeholders.length > 0 ? (
        <p id={`${fieldId}-hint`} className="text-xs text-muted-foreground">
          {t("strings.placeholders", { names: row.placeholders.map((name) => `{{${name}}}`).join(" "), interpolation: { escapeValue: false } })}
          {row.pluralCounts && row.placeholders.includes("count") ? ` ${t("strings.countOptional")}` : null}
        </p>
      ) : null}
      {error ? (
        <p id={`${fieldId}-error`} role="alert" className="text-xs font-semibold text-destructive">
          {(() => {
            const { key, params } = decodeMessage(error.message);
            return t(key, { ...params, interpolation: { escapeValue: false } });
          })()}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" name="intent" value="save" size="sm" disabled={busy}>
          {t("strings.save")}
        </Button>
        {row.override !== null ? (
          <Button type="submit" name="intent" value="reset" size="sm" variant="outline" disabled={busy}>
            {t("strings.reset")}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

export const handle = { i18n: ["languages"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
