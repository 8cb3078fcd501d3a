import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { invalid } from "~/lib/app-error";
import { env } from "~/lib/env.server";

/**
 * Which hosts the machine-translation service may be on. The server makes requests to an
 * address an administrator types, so that address must not turn it into a way into the
 * network it runs in:
 *
 * - link-local and cloud metadata addresses (and every special-purpose range: unspecified,
 *   broadcast, multicast, documentation, IPv6 translation and tunnel prefixes) are refused always;
 * - loopback and private networks (10/8, 172.16/12, 192.168/16, 100.64/10, 127/8, ::1, fc00::/7)
 *   only when the operator allows them (MT_ALLOW_PRIVATE_HOSTS, a LibreTranslate beside the app);
 * - a name is refused if any address it resolves to is refused, and the caller connects to the
 *   addresses checked here, never to a second answer of the DNS.
 */
export type ResolvedAddress = { address: string; family: 4 | 6 };
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type AddressKind = "public" | "private" | "forbidden";

export type HostCheck = { ok: true; addresses: ResolvedAddress[] } | { ok: false; reason: "forbidden" | "private" | "unresolved" };

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/** Metadata services that sit inside ranges otherwise allowed as private. */
const METADATA_ADDRESSES = ["fd00:ec2::254", "100.100.100.200"].map((address) => ipaddr.parse(address).toString());
const METADATA_NAMES = new Set(["metadata.google.internal", "metadata.goog", "metadata", "instance-data", "instance-data.ec2.internal"]);
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");

/** What one IP address is (an IPv4-mapped IPv6 address counts as its IPv4 address). */
export function addressKind(address: string): AddressKind {
  if (!ipaddr.isValid(address)) return "forbidden";
  const ip = ipaddr.process(address);
  if (METADATA_ADDRESSES.includes(ip.toString())) return "forbidden";
  if (ip instanceof ipaddr.IPv4) {
    const range = ip.range();
    if (range === "unicast") return "public";
    return range === "loopback" || range === "private" || range === "carrierGradeNat" ? "private" : "forbidden";
  }
  const range = ip.range();
  if (range === "loopback" || range === "uniqueLocal") return "private";
  return range === "unicast" && ip.match(GLOBAL_UNICAST_V6) ? "public" : "forbidden";
}

/**
 * Checks a URL's host name (as `URL.hostname` gives it: IPv4 in any written form is already
 * dotted decimal, IPv6 in brackets) and every address it resolves to.
 */
export async function checkHost(hostname: string, options: { allowPrivate: boolean; resolve?: Resolver }): Promise<HostCheck> {
  const name = hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "");
  if (METADATA_NAMES.has(name)) return { ok: false, reason: "forbidden" };
  let addresses: ResolvedAddress[];
  const literal = isIP(name);
  if (literal) {
    addresses = [{ address: name, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolver)(name);
    } catch {
      return { ok: false, reason: "unresolved" };
    }
    if (addresses.length === 0) return { ok: false, reason: "unresolved" };
  }
  const kinds = addresses.map((entry) => addressKind(entry.address));
  if (kinds.includes("forbidden")) return { ok: false, reason: "forbidden" };
  if (kinds.includes("private") && !options.allowPrivate) return { ok: false, reason: "private" };
  return { ok: true, addresses };
}

const ENDPOINT_REFUSALS = {
  forbidden: "translations:errors.endpointForbidden",
  private: "translations:errors.endpointPrivate",
  unresolved: "translations:errors.endpointUnresolved",
} as const;

/** The translation settings' check of the service's address, refused at the endpoint's field. */
export async function assertServiceEndpoint(endpoint: string | null | undefined): Promise<void> {
  if (!endpoint) return;
  const check = await checkHost(new URL(endpoint).hostname, { allowPrivate: env().mtAllowPrivateHosts });
  if (!check.ok) throw invalid(ENDPOINT_REFUSALS[check.reason], { field: "apiEndpoint" });
}
