import { checkZip } from "~/lib/unpack-limits.server";

/**
 * Words of a document, counted with Intl.Segmenter (granularity "word", isWordLike), so
 * Arabic and French count as readers would. Counted when the text is at hand: plain text and
 * DOCX (mammoth) at upload; other types (PDF, images, …) stay uncounted (null).
 */
export function countWords(text: string, locale = "en"): number {
  const segmenter = new Intl.Segmenter(locale, { granularity: "word" });
  let words = 0;
  for (const segment of segmenter.segment(text)) if (segment.isWordLike) words += 1;
  return words;
}

export async function countDocumentWords(type: string, content: Buffer, locale: string): Promise<number | null> {
  try {
    if (type === "txt") return countWords(new TextDecoder("utf-8").decode(content), locale);
    if (type === "docx") {
      // mammoth inflates whole parts in memory: the archive is bounded first (a refusal leaves it uncounted).
      await checkZip(content);
      // Loaded on first use, not at start: the server's resident memory stays small when no one uses it.
      const { default: mammoth } = await import("mammoth");
      const { value } = await mammoth.extractRawText({ buffer: content });
      return countWords(value, locale);
    }
  } catch {
    // A document mammoth cannot (or must not) read is still a document to translate: it stays uncounted.
    return null;
  }
  return null;
}
