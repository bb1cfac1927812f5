/**
 * The client's IP of a raw Node request, read the way Fastify's `trustProxy` reads it, for
 * requests that never reach Fastify (the socket.io handshake): walk from the socket's address
 * back through `X-Forwarded-For` while the hop is trusted.
 */
import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";

/** Fastify's `trustProxy` forms. */
export type TTrustProxyOption =
  | boolean
  | number
  | string
  | string[]
  | ((address: string, hop: number) => boolean);

/** proxy-addr's named ranges. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ["127.0.0.1/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/** `::ffff:10.0.0.1` is the IPv4 address 10.0.0.1. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

function listTrust(entries: string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries.flatMap((e) => NAMED_RANGES[e.trim()] ?? [e.trim()])) {
    const [base = "", bits] = entry.split("/");
    const family = isIP(base) === 6 ? "ipv6" : "ipv4";
    if (isIP(base) === 0) continue;
    if (bits === undefined) list.addAddress(base, family);
    else list.addSubnet(base, Number(bits), family);
  }
  return (address) => {
    const ip = plain(address);
    const family = isIP(ip);
    return family !== 0 && list.check(ip, family === 6 ? "ipv6" : "ipv4");
  };
}

/** Compiles a `trustProxy` option into a per-hop check. */
function compile(trust: TTrustProxyOption): (address: string, hop: number) => boolean {
  if (typeof trust === "function") return trust;
  if (typeof trust === "boolean") return () => trust;
  if (typeof trust === "number") return (_address, hop) => hop < trust;
  const check = listTrust(typeof trust === "string" ? trust.split(",") : trust);
  return (address) => check(address);
}

/** Answers a function that reads the client IP of a request under `trust`. */
export function clientIpReader(trust: TTrustProxyOption): (request: IncomingMessage) => string {
  const isTrusted = compile(trust);
  return (request) => {
    const header = request.headers["x-forwarded-for"];
    const forwarded = (Array.isArray(header) ? header.join(",") : (header ?? ""))
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean)
      .reverse();
    const hops = [plain(request.socket.remoteAddress ?? ""), ...forwarded];
    for (let hop = 0; hop < hops.length - 1; hop++) {
      if (!isTrusted(hops[hop] ?? "", hop)) return hops[hop] ?? "";
    }
    return hops.at(-1) ?? "";
  };
}
