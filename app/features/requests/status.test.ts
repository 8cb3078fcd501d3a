import { describe, expect, it } from "vitest";
import { reminderDays } from "./reminder-schedule";
import { answerSchemaFor, CreateListSchema, ItemDefinitionSchema } from "./requests.schema";
import { canMoveItem, canSubmitList, isListComplete, listProgress, missingItems, type ItemState } from "./status";

const item = (state: ItemState, required = true) => ({ state, required });

describe("request states", () => {
  it("lets the client answer until staff accept, and staff review only what the client gave", () => {
    expect(canMoveItem("todo", "uploaded", "client")).toBe(true);
    expect(canMoveItem("returned", "answered", "client")).toBe(true);
    expect(canMoveItem("answered", "not_applicable", "client")).toBe(true);
    expect(canMoveItem("accepted", "answered", "client")).toBe(false);
    expect(canMoveItem("todo", "accepted", "client")).toBe(false);
    expect(canMoveItem("uploaded", "accepted", "staff")).toBe(true);
    expect(canMoveItem("accepted", "returned", "staff")).toBe(true);
    expect(canMoveItem("todo", "accepted", "staff")).toBe(false);
    expect(canMoveItem("todo", "uploaded", "staff")).toBe(false);
  });

  it("completes a list when every required item is accepted, and submits it once none is left to do", () => {
    expect(isListComplete([item("accepted"), item("todo", false)])).toBe(true);
    expect(isListComplete([item("accepted"), item("answered")])).toBe(false);
    expect(isListComplete([item("accepted", false), item("todo", false)])).toBe(true);
    expect(isListComplete([item("todo", false)])).toBe(false);
    expect(canSubmitList([item("uploaded"), item("not_applicable"), item("todo", false)])).toBe(true);
    expect(canSubmitList([item("uploaded"), item("returned")])).toBe(false);
    expect(canSubmitList([])).toBe(false);
    expect(missingItems([item("todo"), item("returned"), item("todo", false), item("answered")])).toHaveLength(2);
    expect(listProgress([item("todo"), item("answered"), item("accepted")])).toEqual({ done: 2, total: 3 });
  });

  it("reminds 3 days before, on the due day, then weekly while overdue, at most 5 times", () => {
    expect(reminderDays("2030-03-01")).toEqual(["2030-02-26", "2030-03-01", "2030-03-08", "2030-03-15", "2030-03-22"]);
    expect(reminderDays("2030-03-01", { before: [0], overdueEvery: 0, max: 5 })).toEqual(["2030-03-01"]);
    expect(reminderDays("2030-03-01", { before: [-3, 0], overdueEvery: 7, max: 1 })).toEqual(["2030-02-26"]);
  });
});

describe("request schemas", () => {
  it("checks answers by their type and stores them as text", () => {
    const parse = (answerType: string | null, value: unknown, kind = "question", choices: string[] | null = null) =>
      answerSchemaFor({ kind: kind as "question", answerType: answerType as "date", choices }).safeParse(value);
    expect(parse("number", "1200.50")).toMatchObject({ success: true, data: "1200.5" });
    expect(parse("number", "12a").success).toBe(false);
    expect(parse("date", "2030-02-30").success).toBe(false);
    expect(parse("date", "2030-02-28")).toMatchObject({ success: true, data: "2030-02-28" });
    expect(parse("yes_no", false)).toMatchObject({ success: true, data: "no" });
    expect(parse("choice", "Married", "question", ["Single", "Married"])).toMatchObject({ success: true });
    expect(parse("choice", "Other", "question", ["Single", "Married"]).error?.issues[0]?.message).toBe("requests:errors.choiceInvalid");
    expect(parse(null, "on", "confirmation")).toMatchObject({ success: true, data: "yes" });
    expect(parse("short_text", "  ").error?.issues[0]?.message).toBe("requests:errors.answerRequired");
  });

  it("requires an answer type for questions and two choices for a choice", () => {
    expect(ItemDefinitionSchema.safeParse({ kind: "question", label: "Income?" }).error?.issues[0]?.message).toBe("requests:errors.answerTypeRequired");
    expect(ItemDefinitionSchema.safeParse({ kind: "question", answerType: "choice", choices: ["A"], label: "Status" }).success).toBe(false);
    expect(ItemDefinitionSchema.parse({ kind: "document", answerType: "date", label: "W-2", required: "on" })).toMatchObject({
      answerType: null,
      choices: null,
      required: true,
    });
    expect(CreateListSchema.safeParse({ clientId: "c", dueDate: "2030-01-01", title: "Docs" }).success).toBe(false);
    expect(CreateListSchema.safeParse({ clientId: "c", dueDate: "2030-01-01", templateId: "t" }).success).toBe(true);
  });
});
