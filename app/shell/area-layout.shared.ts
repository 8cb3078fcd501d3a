import type { ShouldRevalidateFunction } from "@remix-run/react";
import type { RouteHandle } from "~/lib/i18n/namespaces";

/** The strings every page of both areas shows: the bell's panel and the e-mail banner. */
export const areaLayoutHandle = { i18n: ["notifications", "auth"] } satisfies RouteHandle;

/**
 * The layout's data (the user, the unread count, the sidebar's state) changes with a
 * submission; navigating between pages keeps it (the count is also live over the socket).
 */
export const areaLayoutShouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  Boolean(formMethod && formMethod.toUpperCase() !== "GET") && defaultShouldRevalidate;
