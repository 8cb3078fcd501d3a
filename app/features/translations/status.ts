/**
 * The translation file's status machine (pending, processing, completed, failed; the transitions
 * are ours: docs/decisions/012-translation-desk.md). Shared by the server, which enforces it, and the pages, which
 * offer only the allowed moves.
 */
export const TRANSLATION_STATUSES = ["pending", "processing", "completed", "failed"] as const;
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number];

export const TRANSLATION_TRANSITIONS: Record<TranslationStatus, readonly TranslationStatus[]> = {
  pending: ["processing", "failed"],
  processing: ["completed", "failed", "pending"],
  completed: ["processing"],
  failed: ["pending", "processing"],
};

export function isTranslationStatus(value: unknown): value is TranslationStatus {
  return typeof value === "string" && (TRANSLATION_STATUSES as readonly string[]).includes(value);
}

export function canMoveTranslation(from: string, to: string): boolean {
  return isTranslationStatus(from) && isTranslationStatus(to) && TRANSLATION_TRANSITIONS[from].includes(to);
}

export function nextTranslationStatuses(from: string): readonly TranslationStatus[] {
  return isTranslationStatus(from) ? TRANSLATION_TRANSITIONS[from] : [];
}
