// The languages area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
export { languageCoverage, listNamespaces, listStrings, refreshOverrides, resetOverride, saveOverride, type StringRow } from "./languages.server";
