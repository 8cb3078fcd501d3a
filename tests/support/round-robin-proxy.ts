import http from "node:http";
import net from "node:net";

/**
 * A small load balancer for tests: each HTTP request goes to the next instance in turn, a WebSocket
 * upgrade (Socket.IO) too and then stays on it, and every answer says which instance served it in
 * `X-Served-By`. An instance that refuses the connection is skipped (the request goes to the next one)
 * and left out for a few seconds; a request it dropped half-way is answered 502, as a real balancer does.
 * No proxy library is in node_modules (http-proxy is not a dependency): it connects first and only then
 * streams the request, so a dead instance costs nothing but the refused connection.
 */
export type Upstream = { name: string; port: number };

export type RoundRobinProxy = {
  port: number;
  close(): Promise<void>;
};

export const SERVED_BY = "x-served-by";
const DOWN_FOR_MS = 5_000;

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.off("error", reject);
      resolve(socket);
    });
    socket.once("error", reject);
  });
}

export async function startRoundRobinProxy(upstreams: Upstream[], options: { port?: number } = {}): Promise<RoundRobinProxy> {
  let next = 0;
  const downUntil = new Map<string, number>();
  const open = new Set<net.Socket>();

  /** The next live instance, connected; each refusing one is marked down and skipped. */
  async function pick(): Promise<{ upstream: Upstream; socket: net.Socket } | null> {
    const now = Date.now();
    const live = upstreams.filter((upstream) => (downUntil.get(upstream.name) ?? 0) <= now);
    for (let tried = 0; tried < live.length; tried++) {
      const upstream = live[next++ % live.length]!;
      try {
        return { upstream, socket: await connect(upstream.port) };
      } catch {
        downUntil.set(upstream.name, Date.now() + DOWN_FOR_MS);
      }
    }
    return null;
  }

  const server = http.createServer((req, res) => {
    void pick().then((picked) => {
      if (!picked) {
        res.writeHead(503, { "content-type": "text/plain" }).end("no instance is up");
        return;
      }
      const { upstream, socket } = picked;
      const forwarded = req.headers["x-forwarded-for"];
      const proxied = http.request(
        {
          createConnection: () => socket,
          method: req.method,
          path: req.url,
          // One request per upstream connection: the next one may go elsewhere.
          headers: {
            ...req.headers,
            connection: "close",
            "x-forwarded-for": forwarded ? `${String(forwarded)}, ${req.socket.remoteAddress}` : req.socket.remoteAddress,
          },
        },
        (answer) => {
          const headers: http.OutgoingHttpHeaders = { ...answer.headers, [SERVED_BY]: upstream.name };
          // Hop-by-hop: this side's connection keeps its own (Node chunks an answer without a length itself).
          for (const name of ["connection", "keep-alive", "transfer-encoding"]) delete headers[name];
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
        },
      );
      proxied.on("error", () => {
        if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain", [SERVED_BY]: upstream.name });
        res.end();
      });
      req.pipe(proxied);
    });
  });

  // Socket.IO's WebSocket: the upgrade request is written as it came, then both sockets are piped (the
  // instance's 101 answer passes through untagged).
  server.on("upgrade", (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    open.add(client);
    client.once("close", () => open.delete(client));
    client.on("error", () => client.destroy());
    void pick().then((picked) => {
      if (!picked) return client.destroy();
      const { socket } = picked;
      open.add(socket);
      socket.once("close", () => {
        open.delete(socket);
        client.destroy();
      });
      socket.on("error", () => socket.destroy());
      client.once("close", () => socket.destroy());
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      socket.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length > 0) socket.write(head);
      socket.pipe(client);
      client.pipe(socket);
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
