/** A legal text rendered from the firm's Markdown (sanitised on the server). */
export function LegalPage({ html }: { html: string }) {
  return (
    <article
      className="mx-auto max-w-3xl px-4 py-12 [&_a]:text-primary [&_a]:underline [&_h1]:mb-6 [&_h1]:text-3xl [&_h1]:font-semibold [&_h1]:text-primary [&_h2]:mb-3 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mb-2 [&_h3]:mt-6 [&_h3]:font-semibold [&_li]:mb-1 [&_ol]:mb-4 [&_ol]:list-decimal [&_ol]:ps-6 [&_p]:mb-4 [&_p]:leading-relaxed [&_table]:mb-4 [&_table]:w-full [&_td]:border [&_td]:p-2 [&_th]:border [&_th]:p-2 [&_th]:text-start [&_ul]:mb-4 [&_ul]:list-disc [&_ul]:ps-6"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
