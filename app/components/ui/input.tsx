import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cn } from "~/lib/utils";

const fieldClasses =
  "w-full rounded-md border border-input bg-background px-3 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive";

/** A file picker's "Choose files" is a real button (the secondary one), not bare text beside "No file chosen". */
const filePickerClasses =
  "h-auto cursor-pointer py-1.5 file:me-3 file:cursor-pointer file:rounded-md file:border file:border-input file:bg-secondary file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-secondary-foreground hover:file:bg-secondary/80";

/** Typed text takes its own direction from its first letter: Latin typed on an Arabic page keeps its punctuation at its end. */
const TEXT_TYPES = new Set([undefined, "text", "search", "email", "url", "tel", "password"]);

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(({ className, ...props }, ref) => (
  <input
    ref={ref}
    dir={TEXT_TYPES.has(props.type) ? "auto" : undefined}
    className={cn(fieldClasses, props.type === "file" ? filePickerClasses : "h-10 py-2", className)}
    {...props}
  />
));
Input.displayName = "Input";

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(({ className, ...props }, ref) => (
  <textarea ref={ref} dir="auto" className={cn(fieldClasses, "min-h-28 py-2", className)} {...props} />
));
Textarea.displayName = "Textarea";

export const Select = forwardRef<HTMLSelectElement, React.SelectHTMLAttributes<HTMLSelectElement>>(({ className, ...props }, ref) => (
  <select ref={ref} className={cn(fieldClasses, "h-10 py-2", className)} {...props} />
));
Select.displayName = "Select";
