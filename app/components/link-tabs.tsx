import { Link } from "@remix-run/react";
import { cn } from "~/lib/utils";

export type LinkTab = { to: string; label: string; current: boolean };

/**
 * Tabs that are links: the active tab lives in the URL, so they work without JavaScript,
 * survive a reload and can be shared. The current one carries `aria-current="page"`.
 */
export function LinkTabs({ label, tabs }: { label: string; tabs: readonly LinkTab[] }) {
  return (
    <nav aria-label={label} className="border-b">
      <ul className="-mb-px flex flex-wrap gap-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link
              to={tab.to}
              aria-current={tab.current ? "page" : undefined}
              className={cn(
                "inline-flex items-center border-b-2 px-4 py-2 text-sm font-semibold",
                tab.current ? "border-primary text-primary" : "border-transparent text-muted-foreground hover:text-foreground",
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
