import { useRouteLoaderData } from "@remix-run/react";
import { useState } from "react";
import type { RootLoaderData } from "~/root";

/**
 * A key that changes after every successful action (each one queues a new success toast) and,
 * when given, with the record's version. A form keyed on it, or built with useZodForm, comes back
 * to the record's new defaults: a second press cannot repeat the previous choice with its old
 * note. A refused submission queues no success, so what was typed stays.
 */
export function useResetKey(version = ""): string {
  const toast = (useRouteLoaderData("root") as RootLoaderData | undefined)?.toast;
  const success = toast?.type === "success" ? toast.id : "";
  // The root's toast is gone at the next submission: keep the last success seen.
  const [last, setLast] = useState(success);
  if (success && success !== last) setLast(success);
  return `${version}:${success || last}`;
}
