import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import type { z } from "zod";
import { encodeMessage, invalid } from "~/lib/app-error";
import { loadOrNotFound, refusal } from "~/lib/http.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import { redirectWithToast } from "~/lib/toast.server";
import { isMultipart, readOneFileForm } from "~/lib/upload-form.server";
import { IMAGE_MAX_BYTES, IMAGE_MAX_MB } from "./images";

/**
 * A website list screen's data: its items, the item `?edit=` names (a 404 when there is none) and the
 * page's title (`titleKey` in site-media).
 */
export async function listScreenData<Items, Editing>(
  request: Request,
  options: { titleKey: string; list: () => Promise<Items>; find: (id: string) => Promise<Editing> },
): Promise<{ items: Items; editing: Editing | null; title: string }> {
  const editId = new URL(request.url).searchParams.get("edit");
  const [items, editing, t] = await Promise.all([
    options.list(),
    editId ? loadOrNotFound(options.find(editId)) : Promise.resolve(null),
    getFixedT(await getLanguage(request), "site-media"),
  ]);
  return { items, editing, title: t(options.titleKey) };
}

/**
 * The action of a website list whose items carry a picture (logos, testimonials): a plain post is a
 * row's move button (`intent=move`, `id`, `direction`); a multipart post is the item's form with its
 * picture in `fileField`. A refused form comes back with its messages and what was typed; a picture
 * over the limit is a field error (the upload handler drained it, nothing is kept).
 */
export async function pictureListAction<Schema extends z.ZodTypeAny>(
  request: Request,
  options: {
    back: string;
    fileField: string;
    schema: Schema;
    savedMessage: string;
    move: (id: string, direction: "up" | "down") => Promise<void>;
    save: (value: z.output<Schema>, file: File | null) => Promise<unknown>;
  },
): Promise<Response> {
  if (!isMultipart(request)) {
    const form = await request.formData();
    try {
      if (form.get("intent") !== "move") throw invalid("site-media:errors.unknownIntent");
      await options.move(String(form.get("id") ?? ""), form.get("direction") === "up" ? "up" : "down");
      return redirectWithToast(options.back, { type: "success", message: "site-media:order.moved" });
    } catch (error) {
      return refusal(request, error);
    }
  }
  const { fields, file, tooLarge } = await readOneFileForm(request, options.fileField, IMAGE_MAX_BYTES);
  const submission = parseWithZod(fields, { schema: options.schema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  if (tooLarge) return json({ result: submission.reply({ fieldErrors: { [options.fileField]: [tooLargeMessage()] } }) }, { status: 400 });
  try {
    await options.save(submission.value, file);
    return redirectWithToast(options.back, { type: "success", message: options.savedMessage });
  } catch (error) {
    return refusal(request, error, submission);
  }
}

/** The field error of a picture over the size limit (the upload handler drained it). */
function tooLargeMessage(): string {
  return encodeMessage("site-media:images.errors.tooLarge", { max: IMAGE_MAX_MB });
}
