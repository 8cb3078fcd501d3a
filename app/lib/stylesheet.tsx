import { createContext, useContext } from "react";
import stylesheet from "~/styles/app.css";

/**
 * The site's one stylesheet. Pages that ship no JavaScript (handle.hydrate ===
 * false) get it inline, which saves the render-blocking request on a first
 * visit; every other page links it (cached for a year). entry.server decides
 * and provides the CSS text; in the browser the context is empty.
 */
const InlineStylesheetContext = createContext("");
export const InlineStylesheetProvider = InlineStylesheetContext.Provider;

export function Stylesheet() {
  const css = useContext(InlineStylesheetContext);
  return css ? <style dangerouslySetInnerHTML={{ __html: css }} /> : <link rel="stylesheet" href={stylesheet} />;
}

export { stylesheet as stylesheetHref };
