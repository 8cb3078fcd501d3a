import { Form } from "@remix-run/react";
import { MessageSquareText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

type PickerReply = { id: string; locale: string; title: string; body: string };

/**
 * "Insert a saved reply": with JavaScript the chosen reply's text goes into the reply box at the cursor
 * (nothing typed is lost); without it, the picker is a GET form and the page comes back with the reply's
 * text in the box (`?reply=<id>`). Replies in the client's language come first.
 */
export function SavedReplyPicker({
  replies,
  clientLocale,
  selected,
  textareaRef,
}: {
  replies: PickerReply[];
  clientLocale: string;
  selected?: string | null;
  textareaRef: React.RefObject<HTMLTextAreaElement>;
}) {
  const { t } = useTranslation("messages");
  if (replies.length === 0) return null;
  const ordered = [...replies.filter((reply) => reply.locale === clientLocale), ...replies.filter((reply) => reply.locale !== clientLocale)];
  return (
    <Form
      method="get"
      className="flex flex-wrap items-end gap-2"
      preventScrollReset
      data-testid="saved-reply-picker"
      onSubmit={(event) => {
        const box = textareaRef.current;
        const id = new FormData(event.currentTarget).get("reply");
        const reply = replies.find((candidate) => candidate.id === id);
        if (!box || !reply) return;
        event.preventDefault();
        const start = box.selectionStart ?? box.value.length;
        const end = box.selectionEnd ?? box.value.length;
        const before = box.value.slice(0, start);
        const glue = before && !before.endsWith("\n") ? "\n" : "";
        // Set through the native setter and announce an input, so the form library sees the new text.
        const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
        setter?.call(box, `${before}${glue}${reply.body}${box.value.slice(end)}`);
        box.dispatchEvent(new Event("input", { bubbles: true }));
        box.focus();
        const caret = before.length + glue.length + reply.body.length;
        box.setSelectionRange(caret, caret);
      }}
    >
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor="saved-reply">{t("savedReplies.pick")}</Label>
        <Select id="saved-reply" name="reply" defaultValue={selected ?? ""}>
          {ordered.map((reply) => (
            <option key={reply.id} value={reply.id}>
              {`${reply.title} (${reply.locale.toUpperCase()})`}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" variant="outline" size="sm">
        <MessageSquareText aria-hidden />
        {t("savedReplies.insert")}
      </Button>
    </Form>
  );
}
