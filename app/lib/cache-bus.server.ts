import type { Redis } from "ioredis";
import { randomUUID } from "node:crypto";
import { logger } from "./logger.server";
import { redis } from "./redis.server";

/**
 * Emptying in-memory caches on every instance. An area names its cache and says how to empty it here
 * (`onCacheCleared`); `announceCacheCleared` empties it in this process at once and, when REDIS_URL is
 * set, tells the other instances through Redis publish/subscribe, which empty theirs. Without Redis each
 * instance's entries expire after their own lifetime instead.
 */
const CHANNEL = "firm:cache-cleared";
const instance = randomUUID();
const handlers = new Map<string, () => void>();
let subscriber: Redis | null | undefined;

function listen(): void {
  if (subscriber !== undefined) return;
  const client = redis();
  subscriber = client ? client.duplicate() : null;
  if (!subscriber) return;
  subscriber.on("error", (error) => logger.warn({ err: error }, "redis cache subscriber error"));
  subscriber.on("message", (_channel: string, message: string) => {
    try {
      const { name, from } = JSON.parse(message) as { name?: string; from?: string };
      if (from !== instance && name) handlers.get(name)?.();
    } catch (error) {
      logger.warn({ err: error }, "unreadable cache message");
    }
  });
  subscriber.subscribe(CHANNEL).catch((error: unknown) => logger.warn({ err: error }, "redis cache subscription failed"));
}

/** Registers how to empty a named cache, and starts listening for other instances' announcements. */
export function onCacheCleared(name: string, clear: () => void): void {
  handlers.set(name, clear);
  listen();
}

/** Empties a named cache here and on every other instance (through Redis, when it is configured). */
export function announceCacheCleared(name: string): void {
  handlers.get(name)?.();
  const client = redis();
  if (!client) return;
  client.publish(CHANNEL, JSON.stringify({ name, from: instance })).catch((error: unknown) => logger.warn({ err: error }, "redis cache announcement failed"));
}

/** Stops listening (tests, shutdown). */
export async function closeCacheBus(): Promise<void> {
  const current = subscriber;
  subscriber = undefined;
  await current?.quit().catch(() => current.disconnect());
}
