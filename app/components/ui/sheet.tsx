import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { forwardRef, type ComponentPropsWithoutRef, type ElementRef } from "react";
import { cn } from "~/lib/utils";

/** A side panel (Radix Dialog). `side` is logical: "end" is the right edge in LTR and the left in RTL. */
export const Sheet = DialogPrimitive.Root;
export const SheetTitle = DialogPrimitive.Title;
export const SheetDescription = DialogPrimitive.Description;

export const SheetContent = forwardRef<
  ElementRef<typeof DialogPrimitive.Content>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Content> & { side?: "start" | "end"; closeLabel: string }
>(({ className, children, side = "end", closeLabel, ...props }, ref) => (
  <DialogPrimitive.Portal>
    <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 motion-safe:animate-fade-in" />
    <DialogPrimitive.Content
      ref={ref}
      data-side={side}
      className={cn(
        "fixed inset-y-0 z-50 flex h-full flex-col gap-4 bg-background shadow-lg motion-safe:animate-fade-in",
        side === "end" ? "end-0 border-s" : "start-0 border-e",
        className,
      )}
      {...props}
    >
      {children}
      <DialogPrimitive.Close className="absolute end-3 top-3 rounded-md p-1 opacity-80 hover:bg-muted hover:opacity-100" aria-label={closeLabel}>
        <X aria-hidden className="size-4" />
      </DialogPrimitive.Close>
    </DialogPrimitive.Content>
  </DialogPrimitive.Portal>
));
SheetContent.displayName = "SheetContent";
