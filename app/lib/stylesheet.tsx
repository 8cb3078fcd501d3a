import { createContext, useContext } from "react";
import stylesheet from "~/styles/app.css";
import publicStylesheet from "~/styles/public.css";

/**
 * The site's stylesheet. Pages that ship no JavaScript (handle.hydrate ===
 * false) get public.css inline, which saves the render-blocking request on a
 * first visit; every other page links app.css (cached for a year). Both share
 * theme.css. entry.server decides and provides the CSS text; in the browser
 * the context is empty.
 */
const InlineStylesheetContext = createContext("");
export const InlineStylesheetProvider = InlineStylesheetContext.Provider;

export function Stylesheet() {
  const css = useContext(InlineStylesheetContext);
  return css ? <style dangerouslySetInnerHTML={{ __html: css }} /> : <link rel="stylesheet" href={stylesheet} />;
}

export { publicStylesheet as publicStylesheetHref };
