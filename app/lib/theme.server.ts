import { createCookieSessionStorage } from "@remix-run/node";
import { createThemeSessionResolver } from "remix-themes";
import { env } from "./env.server";

/** The theme choice (light or dark; no cookie means "system"), kept in its own signed cookie. */
const themeStorage = createCookieSessionStorage({
  cookie: {
    name: "theme",
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env().appUrl.startsWith("https://"),
    secrets: env().sessionSecrets,
    maxAge: 60 * 60 * 24 * 365,
  },
});

export const themeSessionResolver = createThemeSessionResolver(themeStorage);
