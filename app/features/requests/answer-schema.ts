import { z } from "zod";
import { answerSchemaFor, NotApplicableSchema } from "./requests.schema";
import type { AnswerType, RequestItemKind } from "./status";

/**
 * The client's answering forms on a request page (client-safe: the page checks with them as the
 * server does). Every item is its own form: `intent` says what it does, `itemId` which item.
 */
export const ANSWER_INTENTS = ["answer", "not-applicable", "upload", "submit"] as const;
export type AnswerIntent = (typeof ANSWER_INTENTS)[number];

const itemId = z.string().trim().min(1).max(100);

/** An answer to one question or confirmation, checked by the item's answer type. */
export function answerFormSchemaFor(item: { kind: RequestItemKind; answerType: AnswerType | null; choices: readonly string[] | null }) {
  return z.object({ intent: z.literal("answer"), itemId, answer: answerSchemaFor(item) });
}

/** "I don't have this", with the client's reason. */
export const NotApplicableFormSchema = z.object({ intent: z.literal("not-applicable"), itemId }).merge(NotApplicableSchema);

/** Documents for one item (the files are read and checked apart). */
export const UploadFormSchema = z.object({ intent: z.literal("upload"), itemId });

export const SubmitFormSchema = z.object({ intent: z.literal("submit") });

/** The answering pages' upload with a progress bar (requestPaths has the pages themselves). */
export function requestUploadPath(listId: string): string {
  return `/resources/uploads/requests/${listId}`;
}
