import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { pinoHttp } from "pino-http";
import { Server as SocketServer } from "socket.io";
import { env, EnvError } from "../app/lib/env.server";
import { logger } from "../app/lib/logger.server";
import { bodyLimit, methodGuard, PERMISSIONS_POLICY, startingGuard, urlGuard } from "./http-guards";
import { originCheck } from "./origin-check";
import { pageCacheHits, pageCacheStore } from "./page-cache";
import type { AppLoadContext, Platform } from "./platform";
import { requestId, requestLogContext } from "./request-context";
import { createRequestHandler } from "./remix-handler";

const BUILD_PATH = path.resolve("build/index.js");

async function importBuild(): Promise<ServerBuild> {
  const stamp = fs.statSync(BUILD_PATH).mtimeMs;
  return (await import(`${pathToFileURL(BUILD_PATH).href}?t=${stamp}`)) as ServerBuild;
}

function platformOf(build: ServerBuild): Platform {
  return (build.entry.module as unknown as { platform: Platform }).platform;
}

export async function startServer() {
  // Whatever the process creates under DATA_DIR (database, WAL, mail, uploads, secrets) is the owner's alone:
  // files 0600, folders 0700.
  process.umask(0o077);
  const config = env();
  // Under `remix dev` the dev server sets REMIX_DEV_ORIGIN and is told when a new build is live.
  const isDev = config.nodeEnv === "development" && Boolean(process.env.REMIX_DEV_ORIGIN);
  let build = await importBuild();
  const platform = platformOf(build);

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  // A cached public page answers first, with the headers its render had (server/page-cache.ts): it needs
  // none of what follows but the request id and the access log line, written here the same way.
  app.use(
    pageCacheHits(platform.pageCache, {
      onHit: (req, res) => {
        const id = requestId(req, res);
        if (logger.isLevelEnabled("info")) logger.info({ req: { id, method: req.method, url: req.url }, res: { status: 200 } }, "request completed");
      },
    }),
  );

  app.use(
    pinoHttp({
      logger,
      genReqId: requestId,
      autoLogging: { ignore: (req) => req.url?.startsWith("/build/") || req.url === "/favicon.ico" || false },
      // The balancer's probes are routine whatever they answer (a 503 there is the state they report); another 503 is
      // this instance saying it is starting or a store is away (the caller tries again), not a fault of its own.
      customLogLevel: (req, res, err) =>
        req.url === "/api/health" || req.url === "/api/ready"
          ? "info"
          : res.statusCode === 503
            ? "warn"
            : err || res.statusCode >= 500
              ? "error"
              : res.statusCode >= 400
                ? "warn"
                : "info",
      serializers: { req: (req) => ({ id: req.id, method: req.method, url: req.url }), res: (res) => ({ status: res.statusCode }) },
    }),
  );
  app.use(requestLogContext());

  // TRACE and the like, and undecodable paths: a 4xx before anything tries to serve them.
  app.use(methodGuard());
  app.use(urlGuard());
  app.use(startingGuard(() => platform.isReady()));

  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });

  const secure = config.appUrl.startsWith("https://");
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "base-uri": ["'self'"],
          "connect-src": ["'self'", ...(isDev ? ["ws://localhost:*"] : [])],
          "font-src": ["'self'"],
          // The "Pay online" form redirects to Stripe Checkout (or the test fake of STRIPE_API_BASE).
          "form-action": [
            "'self'",
            ...(config.stripeSecretKey
              ? [config.stripeApi ? `${config.stripeApi.protocol}://${config.stripeApi.host}:${config.stripeApi.port}` : "https://checkout.stripe.com"]
              : []),
          ],
          "frame-ancestors": ["'none'"],
          "img-src": ["'self'", "data:"],
          "object-src": ["'none'"],
          // Remix's inline scripts carry the per-request nonce; nothing else runs.
          "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
          "script-src-attr": ["'none'"],
          // react-hot-toast and Radix position with inline styles.
          "style-src": ["'self'", "'unsafe-inline'"],
          "upgrade-insecure-requests": secure ? [] : null,
        },
      },
      // Chromium sends `Origin: null` on form posts under no-referrer, and Remix's CSRF check then
      // answers 500 to every form posted without JavaScript.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: secure ? { maxAge: 63072000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      // Set per document by app/entry.server.tsx (docs/decisions/006).
      crossOriginOpenerPolicy: false,
    }),
  );

  // Powerful browser features the portal never uses, denied to it and to anything it frames.
  app.use((_req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    next();
  });

  app.use(compression());

  // Fingerprinted assets never change: cache them for a year.
  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y", index: false }));
  app.use("/fonts", express.static("public/fonts", { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static("public", { maxAge: "1h", index: false }));

  const httpServer = http.createServer(app);
  const io = new SocketServer(httpServer, {
    path: "/socket.io",
    serveClient: false,
    cors: { origin: false },
  });
  // Sockets wait for the end of start-up as requests do (their authentication reads the sessions table).
  io.use((_socket, next) => (platform.isReady() ? next() : next(new Error("starting"))));

  app.use(originCheck(new URL(config.appUrl).origin));
  // Bodies are read (at most 1 MB, multipart aside) only once the origin is known to be allowed.
  app.use(bodyLimit());
  app.use(pageCacheStore(platform.pageCache));
  // The app reads the client's address (for rate limits and the audit log) from this
  // header; it is always overwritten here, so a client cannot choose it.
  app.use((req, _res, next) => {
    req.headers["x-client-ip"] = req.ip ?? "unknown";
    next();
  });

  app.all(
    "*",
    createRequestHandler({
      build: isDev ? async () => build : build,
      mode: config.nodeEnv,
      getLoadContext: (req, res): AppLoadContext => ({
        cspNonce: res.locals.cspNonce as string,
        requestId: String(req.id),
      }),
    }),
  );

  // Listening before the migrations run: meanwhile /api/ready answers 503 ("migrating") and the rest 503 with
  // Retry-After, so a balancer holds this instance back instead of seeing its connections refused.
  await new Promise<void>((resolve) => httpServer.listen(config.port, resolve));
  const address = httpServer.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  logger.info({ port }, "accepting connections; starting up");
  await platform.prepare();
  await platform.attachRealtime(io);
  platform.markReady();
  logger.info({ port, database: config.dialect }, `Listening on http://localhost:${port}`);

  if (isDev) {
    const { broadcastDevReady } = await import("@remix-run/node");
    await broadcastDevReady(build);
    fs.watch(path.dirname(BUILD_PATH), { persistent: false }, async () => {
      try {
        build = await importBuild();
        await broadcastDevReady(build);
      } catch (error) {
        logger.error({ err: error }, "reloading the build failed");
      }
    });
  }

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      logger.warn("requests still open after 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    // io.close() disconnects the sockets and closes the HTTP server: it stops
    // accepting, lets requests in flight finish and drops idle keep-alive sockets. Meanwhile the job
    // worker stops, so a job it cuts short is back in the queue for another instance at once.
    await Promise.all([new Promise<void>((resolve) => io.close(() => resolve())), platform.stopJobs()]);
    await platform.shutdown();
    clearTimeout(force);
    logger.info("stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  return { httpServer, port };
}

startServer().catch((error: unknown) => {
  if (error instanceof EnvError || (error instanceof Error && error.name === "EnvError")) {
    console.error(error.message);
  } else {
    logger.fatal({ err: error }, "the server could not start");
  }
  process.exit(1);
});
