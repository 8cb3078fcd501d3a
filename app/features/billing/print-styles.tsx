/**
 * The print stylesheet of an invoice page: the area's frame (sidebar, top bar, cookie banner,
 * toasts), buttons and forms are left out, and the invoice prints in black on white on the
 * whole width of the sheet. Elements of the page itself say `print:hidden` where needed.
 */
const PRINT_CSS = `@media print {
  [data-testid="sidebar"], [data-testid="sidebar-sheet"], body header, [data-print="hide"], form, nav, footer, [role="region"][aria-label], .cookie-banner { display: none !important; }
  main { padding: 0 !important; }
  html, body { background: #fff !important; color: #000 !important; }
  [data-print="sheet"] { border: 0 !important; box-shadow: none !important; }
  @page { margin: 16mm; }
}`;

export function PrintStyles() {
  // As raw text: React would escape the quotes of the selectors in a text child.
  return <style data-print-styles dangerouslySetInnerHTML={{ __html: PRINT_CSS }} />;
}
