import { createHash } from "node:crypto";
import type { Selectable } from "kysely";
import { getFirm } from "~/core/office/firm.server";
import { invalid, isUniqueViolation, notFound } from "~/lib/app-error";
import { db } from "~/lib/db/db.server";
import type { TranslationCertificatesTable } from "~/lib/db/schema";
import { env } from "~/lib/env.server";
import { canUseBackOffice, isBackOfficeRole } from "~/lib/features";
import { newId, newReference, nowIso } from "~/lib/ids.server";
import { printableOnCertificate } from "./certificate-pdf.server";
import { CERTIFICATE_NO_PATTERN } from "./certificates";

/**
 * Certificates of translation accuracy (table translation_certificates; docs/decisions/013):
 * the only code touching it. A certificate is issued for one translated version of a desk
 * file (the file's id and the SHA-256 of both files), carries a random number that cannot be
 * guessed (TC-XXXX-XXXX), and stays verifiable by that number on /verify/{no}.
 */
export type Certificate = Selectable<TranslationCertificatesTable>;

export type IssueCertificateInput = {
  translationFileId: string;
  clientId: string | null;
  documentTitle: string;
  sourceLanguage: string;
  targetLanguage: string;
  pageCount: number;
  /** Printed and signed on the certificate; the firm's proprietor (its content) when left out. */
  translatorName?: string | null;
  sourceBytes: Uint8Array;
  translatedBytes: Uint8Array;
  /** The staff member who issued it. */
  issuedBy: string | null;
};

/** What anyone may see on the public verification page: nothing about the client or the document's content. */
export type PublicCertificate = Pick<
  Certificate,
  "certificateNo" | "sourceLanguage" | "targetLanguage" | "pageCount" | "translatorName" | "issuedAt" | "sourceSha256" | "translatedSha256"
>;

type Actor = { id: string; role: string; enabledFeatures: readonly string[] };

const LANGUAGE_CODE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
const MAX_TEXT = 200;
const NUMBER_ATTEMPTS = 5;

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The public address of a certificate's verification page. */
export function verifyUrlFor(certificateNo: string): string {
  return `${env().appUrl}/verify/${certificateNo}`;
}

function checkText(value: string, field: string): string {
  const text = value.trim().replace(/\s+/g, " ");
  if (!text) throw invalid("certificates:errors.required", { field });
  if (text.length > MAX_TEXT) throw invalid("certificates:errors.tooLong", { field, params: { max: MAX_TEXT } });
  // The certificate is in English and its face is Latin (pdf-lib cannot shape Arabic).
  if (!printableOnCertificate(text)) throw invalid("certificates:errors.notLatin", { field });
  return text;
}

function checkLanguage(value: string, field: string): string {
  const code = value.trim();
  if (!LANGUAGE_CODE.test(code)) throw invalid("certificates:errors.language", { field });
  return code;
}

function findVersion(translationFileId: string, sourceSha256: string, translatedSha256: string) {
  return db()
    .selectFrom("translationCertificates")
    .selectAll()
    .where("translationFileId", "=", translationFileId)
    .where("sourceSha256", "=", sourceSha256)
    .where("translatedSha256", "=", translatedSha256)
    .executeTakeFirst();
}

/**
 * Issues the certificate of one translated version. Idempotent: the same file with the same
 * source and translated bytes answers the certificate already issued (also when two requests
 * race: the unique index on the version lets one insert win, the other reads it).
 */
export async function issueCertificate(input: IssueCertificateInput): Promise<Certificate> {
  const translationFileId = input.translationFileId.trim();
  if (!translationFileId) throw invalid("certificates:errors.required", { field: "translationFileId" });
  const sourceSha256 = sha256Hex(input.sourceBytes);
  const translatedSha256 = sha256Hex(input.translatedBytes);
  const existing = await findVersion(translationFileId, sourceSha256, translatedSha256);
  if (existing) return existing;

  if (input.sourceBytes.length === 0 || input.translatedBytes.length === 0) throw invalid("certificates:errors.emptyFile");
  if (!Number.isInteger(input.pageCount) || input.pageCount < 1 || input.pageCount > 10_000) {
    throw invalid("certificates:errors.pageCount", { field: "pageCount" });
  }
  const values = {
    translationFileId,
    clientId: input.clientId,
    documentTitle: checkText(input.documentTitle, "documentTitle"),
    sourceLanguage: checkLanguage(input.sourceLanguage, "sourceLanguage"),
    targetLanguage: checkLanguage(input.targetLanguage, "targetLanguage"),
    pageCount: input.pageCount,
    translatorName: checkText(input.translatorName?.trim() || (await getFirm()).proprietor, "translatorName"),
    sourceSha256,
    translatedSha256,
    issuedBy: input.issuedBy,
  };

  for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt++) {
    const row = { id: newId(), certificateNo: newReference("TC"), issuedAt: nowIso(), ...values };
    try {
      await db().insertInto("translationCertificates").values(row).execute();
      return row;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Either the version was certified meanwhile (answer that one) or the number was taken (draw again).
      const raced = await findVersion(translationFileId, sourceSha256, translatedSha256);
      if (raced) return raced;
    }
  }
  throw new Error("no free certificate number after several draws");
}

/** Upper case, the dashes where they belong: "tc-abcd-efgh" and " TCABCDEFGH " both read TC-ABCD-EFGH. */
export function normaliseCertificateNo(value: string): string | null {
  const compact = value.toUpperCase().replace(/[\s-]/g, "");
  const formatted = `${compact.slice(0, 2)}-${compact.slice(2, 6)}-${compact.slice(6)}`;
  return CERTIFICATE_NO_PATTERN.test(formatted) ? formatted : null;
}

/** A certificate by its number, or null (a malformed number never reaches the database). */
export async function findCertificate(certificateNo: string): Promise<Certificate | null> {
  const no = normaliseCertificateNo(certificateNo);
  if (!no) return null;
  return (await db().selectFrom("translationCertificates").selectAll().where("certificateNo", "=", no).executeTakeFirst()) ?? null;
}

/** The certificates of these desk files, newest first (the desk and the client's order page show them). */
export async function listCertificatesForFiles(translationFileIds: readonly string[]): Promise<Certificate[]> {
  const ids = [...new Set(translationFileIds)];
  if (ids.length === 0) return [];
  const rows: Certificate[] = [];
  // Bounded lists of ids (bind-parameter limits on both dialects).
  for (let start = 0; start < ids.length; start += 500) {
    rows.push(
      ...(await db()
        .selectFrom("translationCertificates")
        .selectAll()
        .where("translationFileId", "in", ids.slice(start, start + 500))
        .orderBy("issuedAt", "desc")
        .orderBy("id", "desc")
        .execute()),
    );
  }
  return rows.sort((a, b) => (a.issuedAt === b.issuedAt ? b.id.localeCompare(a.id) : b.issuedAt.localeCompare(a.issuedAt)));
}

/**
 * Who may download a certificate: staff with the translations feature (owner and admins have
 * it) any certificate; a client only their own. Anyone else is told it does not exist.
 */
export function mayDownloadCertificate(actor: Actor, certificate: Pick<Certificate, "clientId">): boolean {
  if (canUseBackOffice(actor, "translations")) return true;
  if (isBackOfficeRole(actor.role)) return false;
  return certificate.clientId !== null && certificate.clientId === actor.id;
}

export async function getCertificateForDownload(actor: Actor, certificateNo: string): Promise<Certificate> {
  const certificate = await findCertificate(certificateNo);
  if (!certificate || !mayDownloadCertificate(actor, certificate)) throw notFound("certificates:errors.notFound");
  return certificate;
}

/** The verification page's view: number, date, languages, pages, translator and hashes; no client, no title. */
export function publicCertificate(certificate: Certificate): PublicCertificate {
  return {
    certificateNo: certificate.certificateNo,
    sourceLanguage: certificate.sourceLanguage,
    targetLanguage: certificate.targetLanguage,
    pageCount: certificate.pageCount,
    translatorName: certificate.translatorName,
    issuedAt: certificate.issuedAt,
    sourceSha256: certificate.sourceSha256,
    translatedSha256: certificate.translatedSha256,
  };
}
