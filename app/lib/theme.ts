/**
 * The browser half of remix-themes. Its package index also exports the server half
 * (createThemeAction requires @remix-run/server-runtime, and CommonJS cannot be
 * tree-shaken), which would put the whole server runtime into the browser bundle:
 * components import the provider module alone, from here. The server half is in
 * theme.server.ts.
 */
export { isTheme, PreventFlashOnWrongTheme, Theme, ThemeProvider, useTheme } from "remix-themes/build/theme-provider.js";
