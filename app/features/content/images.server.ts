import { invalid } from "~/lib/app-error";
import { detectAllowedType, sanitizeFileName, storeFile, type StoredFile } from "~/lib/storage.server";
import { IMAGE_MAX_BYTES, IMAGE_MAX_MB, IMAGE_SIZES, type ImageKind } from "./images";

/**
 * The website's pictures (client logos, testimonial photos; docs/decisions/019). An upload is
 * checked by its bytes (file-type: PNG, JPEG or WebP; SVG and anything else are refused, whatever
 * the name says), decoded by sharp with a pixel limit (no decompression bomb), turned upright,
 * resized to the size the site shows it at twice over (sharp screens), re-encoded as WebP (which
 * drops any metadata: place, camera, comments) and stored the usual way (lib/storage, encrypted).
 * The size kept with it is the size in CSS pixels, for the width and height attributes.
 */
const ACCEPTED = new Set(["image/png", "image/jpeg", "image/webp"]);
/** Larger pictures are refused before decoding (40 megapixels: a phone's photo fits). */
const MAX_INPUT_PIXELS = 40_000_000;

export type ProcessedImage = { buffer: Buffer; width: number; height: number; pixelWidth: number; pixelHeight: number };

function looksLikeSvg(buffer: Buffer): boolean {
  const head = buffer.subarray(0, 1024).toString("utf8").trimStart().toLowerCase();
  return head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg")) || head.startsWith("<!doctype svg");
}

/** Checks an uploaded picture and makes the stored version; throws a refusal on the named field. */
export async function processImage(
  kind: ImageKind,
  file: { name: string; size: number; arrayBuffer(): Promise<ArrayBuffer> },
  field: string,
): Promise<ProcessedImage> {
  if (file.size > IMAGE_MAX_BYTES) throw invalid("site-media:images.errors.tooLarge", { field, params: { max: IMAGE_MAX_MB } });
  if (file.size === 0) throw invalid("site-media:images.errors.required", { field });
  const input = Buffer.from(await file.arrayBuffer());
  if (looksLikeSvg(input)) throw invalid("site-media:images.errors.svg", { field });
  const type = await detectAllowedType(input, file.name);
  if (!type || !ACCEPTED.has(type.mime)) throw invalid("site-media:images.errors.type", { field });

  const size = IMAGE_SIZES[kind];
  // Loaded on first use, not at start: the server's resident memory stays small when no one uses it.
  const { default: sharp } = await import("sharp");
  let pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
  pipeline =
    kind === "logo"
      ? pipeline.resize({ height: size.height * 2, width: size.maxWidth * 2, fit: "inside", withoutEnlargement: true })
      : pipeline.resize({ width: size.width * 2, height: size.height * 2, fit: "cover", position: "attention" });
  try {
    const { data, info } = await pipeline.webp({ quality: kind === "logo" ? 90 : 82, alphaQuality: 100 }).toBuffer({ resolveWithObject: true });
    return {
      buffer: data,
      pixelWidth: info.width,
      pixelHeight: info.height,
      width: Math.max(1, Math.round(info.width / 2)),
      height: Math.max(1, Math.round(info.height / 2)),
    };
  } catch {
    // A file whose header says picture but whose body is broken, or one over the pixel limit.
    throw invalid("site-media:images.errors.unreadable", { field });
  }
}

/** Stores a processed picture against its record (a new file id each time: its address can be cached for good). */
export function storeImage(
  image: ProcessedImage,
  originalName: string,
  options: { uploadedBy: string | null; recordType: string; recordId: string },
): Promise<StoredFile> {
  const base = sanitizeFileName(originalName).replace(/\.[^.]*$/, "") || "image";
  return storeFile({ buffer: image.buffer, originalName: `${base}.webp`, type: { ext: "webp", mime: "image/webp" } }, options);
}
