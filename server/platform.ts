import type { Server as SocketServer } from "socket.io";
import type { PageCacheStore } from "./page-cache";

/**
 * What the Remix build (app/entry.server.tsx) offers the Express host, so that
 * every app module exists once, inside the build, whatever the host needs of it.
 */
export type Platform = {
  /** Migrate, seed, open shared connections (the host already listens: readiness says "migrating" meanwhile). */
  prepare(): Promise<void>;
  /** Start-up is over: /api/health and /api/ready answer 200 from now on (readiness while the database and the file store answer). */
  markReady(): void;
  /** Whether start-up is over; until then the host answers 503 to everything but /api/health and /api/ready. */
  isReady(): boolean;
  /** Authenticate sockets, join rooms, attach the Redis adapter when configured. */
  attachRealtime(io: SocketServer): Promise<void>;
  /** Rendered anonymous public pages (emptied when public content changes). */
  pageCache: PageCacheStore;
  /** Stop the job worker: a job cut short goes back to the queue for another instance (while requests still drain). */
  stopJobs(): Promise<void>;
  /** Close the database and other connections. */
  shutdown(): Promise<void>;
};

export type AppLoadContext = {
  cspNonce: string;
  requestId: string;
};
