import type { Submission } from "@conform-to/react";
import { clientIp } from "~/lib/http.server";
import type { RequestContext } from "./auth.server";

/** What the account functions need to know about a request: the client's address (limits, audit log) and its cookies. */
export function requestContext(request: Request): RequestContext {
  return { ip: clientIp(request), userAgent: request.headers.get("user-agent"), request };
}

/**
 * A form's submission whose replies never send `fields` back (passwords): what `refusal()`
 * answers keeps the other values typed, and the password fields empty.
 */
export function hidingFields<S extends Pick<Submission<unknown>, "reply">>(submission: S, fields: string[]): Pick<Submission<unknown>, "reply"> {
  return {
    reply: (options = {}) =>
      "resetForm" in options
        ? submission.reply(options)
        : submission.reply({ ...options, hideFields: [...fields, ...("hideFields" in options ? (options.hideFields ?? []) : [])] }),
  };
}
