import type { Server as SocketServer } from "socket.io";

/**
 * What the Remix build (app/entry.server.tsx) offers the Express host, so that
 * every app module exists once, inside the build, whatever the host needs of it.
 */
export type Platform = {
  /** Migrate, seed, open shared connections. */
  prepare(): Promise<void>;
  /** Authenticate sockets, join rooms, attach the Redis adapter when configured. */
  attachRealtime(io: SocketServer): Promise<void>;
  /** Close the database and other connections. */
  shutdown(): Promise<void>;
};

export type AppLoadContext = {
  cspNonce: string;
  requestId: string;
};
