import type { Server as SocketServer } from "socket.io";
import type { PageCacheStore } from "./page-cache";

/**
 * What the Remix build (app/entry.server.tsx) offers the Express host, so that
 * every app module exists once, inside the build, whatever the host needs of it.
 */
export type Platform = {
  /** Migrate, seed, open shared connections. */
  prepare(): Promise<void>;
  /** Authenticate sockets, join rooms, attach the Redis adapter when configured. */
  attachRealtime(io: SocketServer): Promise<void>;
  /** Rendered anonymous public pages (emptied when public content changes). */
  pageCache: PageCacheStore;
  /** Close the database and other connections. */
  shutdown(): Promise<void>;
};

export type AppLoadContext = {
  cspNonce: string;
  requestId: string;
};
