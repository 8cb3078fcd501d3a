import type { Server as SocketServer } from "socket.io";
import { configureSockets, type RealtimeOptions } from "~/lib/realtime.server";
import { isActiveUser } from "./directory.server";

/** The live channel, whose sockets belong to signed-in, active accounts only (a deactivated account's are refused). */
export function configureRealtime(server: SocketServer, options: RealtimeOptions = {}): void {
  configureSockets(server, { ...options, isActiveUser });
}
