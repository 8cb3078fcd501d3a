import { Link } from "@remix-run/react";
import { BadgeCheck, FileSearch, SearchX, ShieldAlert, Terminal } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buttonVariants } from "~/components/ui/button";
import { useFormatter } from "~/lib/format";
import { intlLocale } from "~/lib/i18n/config";
import { useNonce } from "~/lib/nonce";

/**
 * The pieces of the public verification page (/verify/{no}), a page without a bundle
 * (handle.hydrate = false): the record, the in-browser file check (a small inline script
 * carrying the CSP nonce, like the static shell's), the manual check, and the answers
 * for an unknown number and for too many look-ups.
 */
export type VerifiedCertificate = {
  certificateNo: string;
  sourceLanguage: string;
  targetLanguage: string;
  pageCount: number;
  translatorName: string;
  issuedAt: string;
  sourceSha256: string;
  translatedSha256: string;
};

function languageName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames(intlLocale(language), { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function CertificateRecord({ certificate, firmName }: { certificate: VerifiedCertificate; firmName: string }) {
  const { t, i18n } = useTranslation("certificates");
  const format = useFormatter();
  const rows: Array<[string, React.ReactNode]> = [
    [
      t("verify.fields.number"),
      <span key="no" dir="ltr" className="font-mono">
        {certificate.certificateNo}
      </span>,
    ],
    [t("verify.fields.issued"), format.date(certificate.issuedAt)],
    [t("verify.fields.sourceLanguage"), languageName(certificate.sourceLanguage, i18n.language)],
    [t("verify.fields.targetLanguage"), languageName(certificate.targetLanguage, i18n.language)],
    [t("verify.fields.pages"), format.number(certificate.pageCount)],
    [t("verify.fields.translator"), certificate.translatorName],
    [
      t("verify.fields.documentTitle"),
      <em key="title" className="text-muted-foreground">
        {t("verify.titleHidden")}
      </em>,
    ],
  ];
  return (
    <>
      <p
        role="status"
        className="mt-6 flex items-start gap-2 rounded-lg border border-emerald-600/40 bg-emerald-50 p-4 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
      >
        <BadgeCheck aria-hidden className="mt-0.5 size-5 shrink-0" />
        {t("verify.valid", { firm: firmName })}
      </p>
      <section aria-labelledby="certificate-details" className="mt-8">
        <h2 id="certificate-details" className="text-xl font-semibold">
          {t("verify.details")}
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-muted-foreground">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          {(
            [
              ["source", t("verify.fields.sourceHash"), certificate.sourceSha256],
              ["translated", t("verify.fields.translatedHash"), certificate.translatedSha256],
            ] as const
          ).map(([kind, label, hash]) => (
            <div key={kind} className="contents">
              <dt className="font-medium text-muted-foreground">{label}</dt>
              <dd>
                <code dir="ltr" data-hash={kind} className="block break-all rounded bg-muted px-2 py-1 font-mono text-sm">
                  {hash}
                </code>
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}

type CheckMessages = { checking: string; matchSource: string; matchTranslated: string; noMatch: string; computed: string; failed: string };

/** The in-browser check: SHA-256 of the chosen file (crypto.subtle), compared with both hashes. Nothing is uploaded. */
function fileCheckScript(config: { source: string; translated: string; messages: CheckMessages }): string {
  const data = JSON.stringify(config).replace(/</g, "\\u003c");
  return `(function(c){var d=document,s=d.getElementById("verify-check"),i=d.getElementById("verify-file"),o=d.getElementById("verify-result"),x=d.getElementById("verify-computed");
if(!s||!i||!o||!window.crypto||!crypto.subtle||!window.Blob||!Blob.prototype.arrayBuffer)return;s.hidden=false;
function hex(b){return Array.prototype.map.call(new Uint8Array(b),function(v){return(v<16?"0":"")+v.toString(16)}).join("")}
i.addEventListener("change",function(){var f=i.files&&i.files[0];o.removeAttribute("data-match");x.textContent="";if(!f){o.textContent="";return}o.textContent=c.messages.checking;
f.arrayBuffer().then(function(b){return crypto.subtle.digest("SHA-256",b)}).then(function(h){h=hex(h);var m=h===c.translated?"translated":h===c.source?"source":"none";
var t=m==="translated"?c.messages.matchTranslated:m==="source"?c.messages.matchSource:c.messages.noMatch;o.textContent=t.split("{name}").join(f.name);o.setAttribute("data-match",m);x.textContent=c.messages.computed+" ";var k=d.createElement("span");k.dir="ltr";k.textContent=h;x.appendChild(k)})
.catch(function(){o.textContent=c.messages.failed})})})(${data});`;
}

export function FileCheck({ certificate }: { certificate: VerifiedCertificate }) {
  const { t } = useTranslation("certificates");
  const nonce = useNonce();
  const name = { name: "{name}" };
  const messages: CheckMessages = {
    checking: t("verify.check.checking"),
    matchSource: t("verify.check.matchSource", name),
    matchTranslated: t("verify.check.matchTranslated", name),
    noMatch: t("verify.check.noMatch", name),
    computed: t("verify.check.computed"),
    failed: t("verify.check.failed"),
  };
  return (
    <>
      {/* Shown by the script when the browser can compute a SHA-256; without JavaScript the manual check below stays. */}
      <section id="verify-check" hidden aria-labelledby="verify-check-title" className="mt-10 rounded-lg border bg-card p-5">
        <h2 id="verify-check-title" className="flex items-center gap-2 text-xl font-semibold">
          <FileSearch aria-hidden className="size-5" />
          {t("verify.check.title")}
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">{t("verify.check.intro")}</p>
        <label htmlFor="verify-file" className="mt-4 block font-medium">
          {t("verify.check.input")}
        </label>
        <input
          id="verify-file"
          type="file"
          className="mt-2 block w-full text-sm file:me-3 file:rounded-md file:border file:bg-secondary file:px-3 file:py-1.5"
        />
        <p id="verify-result" role="status" aria-live="polite" className="mt-4 font-medium" />
        <p id="verify-computed" className="mt-1 break-all font-mono text-xs text-muted-foreground" />
      </section>
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: fileCheckScript({ source: certificate.sourceSha256, translated: certificate.translatedSha256, messages }) }}
      />
      <section aria-labelledby="verify-manual-title" className="mt-8">
        <h2 id="verify-manual-title" className="flex items-center gap-2 text-lg font-semibold">
          <Terminal aria-hidden className="size-5" />
          {t("verify.manual.title")}
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">{t("verify.manual.text")}</p>
        <p className="mt-3 text-sm">{t("verify.manual.unix")}</p>
        <pre dir="ltr" className="mt-1 overflow-x-auto rounded bg-muted px-3 py-2 text-start text-sm">
          <code>shasum -a 256 {t("verify.manual.fileName")}</code>
        </pre>
        <p className="mt-3 text-sm">{t("verify.manual.windows")}</p>
        <pre dir="ltr" className="mt-1 overflow-x-auto rounded bg-muted px-3 py-2 text-start text-sm">
          <code>certutil -hashfile {t("verify.manual.fileName")} SHA256</code>
        </pre>
      </section>
    </>
  );
}

export function VerifyAnother() {
  const { t } = useTranslation("certificates");
  return (
    <Link to="/verify" className={`${buttonVariants({ variant: "outline" })} mt-10`}>
      {t("verify.another")}
    </Link>
  );
}

export function CertificateNotFound({ certificateNo }: { certificateNo: string }) {
  const { t } = useTranslation("certificates");
  return (
    <div className="mx-auto max-w-3xl px-4 py-12" data-testid="certificate-not-found">
      <h1 className="flex items-center gap-3 text-3xl font-semibold text-primary">
        <SearchX aria-hidden className="size-8 shrink-0" />
        {t("verify.notFound.title")}
      </h1>
      <p className="mt-4 text-lg text-muted-foreground">{t("verify.notFound.text", { no: certificateNo })}</p>
      <VerifyAnother />
    </div>
  );
}

export function LookupsLimited() {
  const { t } = useTranslation("certificates");
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="flex items-center gap-3 text-3xl font-semibold text-primary">
        <ShieldAlert aria-hidden className="size-8 shrink-0" />
        {t("verify.rateLimited.title")}
      </h1>
      <p className="mt-4 text-lg text-muted-foreground">{t("verify.rateLimited.text")}</p>
    </div>
  );
}
