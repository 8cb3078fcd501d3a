import { useTranslation } from "react-i18next";
import { cn } from "~/lib/utils";

/**
 * Loading placeholders in the shapes of what they stand for (text, avatar, button, image,
 * card, list item, table row, stats, form, content section). They fade in over
 * 0.25 s and pulse gently; both stop under prefers-reduced-motion.
 */
export function Skeleton({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden className={cn("skeleton", className)} {...props} />;
}

export type SkeletonShape = "text" | "avatar" | "button" | "image" | "card" | "list-item" | "table-row" | "stats" | "form" | "content-section";

function Lines({ count, className }: { count: number; className?: string }) {
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} className={cn("h-4", index === count - 1 && count > 1 ? "w-2/3" : "w-full")} />
      ))}
    </div>
  );
}

export function SkeletonText({ lines = 3, className }: { lines?: number; className?: string }) {
  return <Lines count={lines} className={className} />;
}
export function SkeletonAvatar({ className }: { className?: string }) {
  return <Skeleton className={cn("size-10 rounded-full", className)} />;
}
export function SkeletonButton({ className }: { className?: string }) {
  return <Skeleton className={cn("h-10 w-28", className)} />;
}
export function SkeletonImage({ className }: { className?: string }) {
  return <Skeleton className={cn("aspect-video w-full", className)} />;
}
export function SkeletonCard({ className }: { className?: string }) {
  return (
    <div className={cn("flex flex-col gap-4 rounded-lg border p-4", className)}>
      <SkeletonImage />
      <Skeleton className="h-5 w-1/2" />
      <SkeletonText lines={2} />
    </div>
  );
}
export function SkeletonListItem({ className }: { className?: string }) {
  return (
    <div className={cn("flex items-center gap-3 py-2", className)}>
      <SkeletonAvatar />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-3 w-2/3" />
      </div>
    </div>
  );
}
export function SkeletonTableRow({ columns = 4, className }: { columns?: number; className?: string }) {
  return (
    <div className={cn("grid gap-4 border-b py-3", className)} style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
      {Array.from({ length: columns }, (_, index) => (
        <Skeleton key={index} className="h-4" />
      ))}
    </div>
  );
}
export function SkeletonStats({ count = 4, className }: { count?: number; className?: string }) {
  return (
    <div className={cn("grid grid-cols-2 gap-4 lg:grid-cols-4", className)}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="flex flex-col gap-3 rounded-lg border p-4">
          <Skeleton className="h-3 w-1/2" />
          <Skeleton className="h-7 w-1/3" />
        </div>
      ))}
    </div>
  );
}
export function SkeletonForm({ fields = 3, className }: { fields?: number; className?: string }) {
  return (
    <div className={cn("flex flex-col gap-4", className)}>
      {Array.from({ length: fields }, (_, index) => (
        <div key={index} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
      <SkeletonButton />
    </div>
  );
}
export function SkeletonContentSection({ className }: { className?: string }) {
  return (
    <div className={cn("flex flex-col gap-4", className)}>
      <Skeleton className="h-8 w-1/3" />
      <SkeletonText lines={4} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SkeletonCard />
        <SkeletonCard />
      </div>
    </div>
  );
}

const SHAPES: Record<SkeletonShape, () => React.ReactElement> = {
  text: () => <SkeletonText />,
  avatar: () => <SkeletonAvatar />,
  button: () => <SkeletonButton />,
  image: () => <SkeletonImage />,
  card: () => <SkeletonCard />,
  "list-item": () => <SkeletonListItem />,
  "table-row": () => <SkeletonTableRow />,
  stats: () => <SkeletonStats />,
  form: () => <SkeletonForm />,
  "content-section": () => <SkeletonContentSection />,
};

/**
 * A labelled loading region for deferred data: `<Suspense fallback={<LoadingPlaceholder shape="table-row" count={5} />}>`.
 */
export function LoadingPlaceholder({ shape, count = 1, className }: { shape: SkeletonShape; count?: number; className?: string }) {
  const { t } = useTranslation();
  const Shape = SHAPES[shape];
  return (
    <div role="status" aria-busy="true" data-testid={`skeleton-${shape}`} className={cn("flex flex-col gap-3", className)}>
      <span className="sr-only">{t("shell.loading")}</span>
      {Array.from({ length: count }, (_, index) => (
        <Shape key={index} />
      ))}
    </div>
  );
}
