import { Redis } from "ioredis";
import { env } from "./env.server";
import { logger, withoutLogContext } from "./logger.server";

let client: Redis | undefined;

/** The shared Redis connection when REDIS_URL is set, else null (everything stays in-process). */
export function redis(): Redis | null {
  const url = env().redisUrl;
  if (!url) return null;
  // Made on first use, often while serving a request: its events belong to no request.
  client ??= withoutLogContext(() => {
    const made = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
    made.on("error", (error) => logger.warn({ err: error }, "redis error"));
    return made;
  });
  return client;
}

export async function closeRedis(): Promise<void> {
  const current = client;
  client = undefined;
  await current?.quit().catch(() => current.disconnect());
}
