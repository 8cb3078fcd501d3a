import { randomInt, randomUUID } from "node:crypto";

export const newId = (): string => randomUUID();

const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O, 1/I

/** A short reference people can read out on the phone, e.g. "SO-7KQ2-M4XD". */
export function newReference(prefix: string): string {
  let body = "";
  for (let i = 0; i < 8; i++) body += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `${prefix}-${body.slice(0, 4)}-${body.slice(4)}`;
}

export const nowIso = (): string => new Date().toISOString();
