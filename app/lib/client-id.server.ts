/**
 * Client identity for rate limits: a keyed hash of the client's network, so the address itself is
 * never stored. Cloudflare sets CF-Connecting-IP on every request at the edge.
 */
import ipaddr from "ipaddr.js";

export function clientIp(request: Request): string {
  const cf = request.headers.get("CF-Connecting-IP");
  if (cf) return cf.trim();
  const forwarded = request.headers.get("X-Forwarded-For");
  if (forwarded) return forwarded.split(",")[0]!.trim();
  return "unknown";
}

/** "[2001:db8::1]", "[2001:db8::1]:443" and "203.0.113.7:443" without the brackets and port. */
function bareAddress(text: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) return bracketed[1]!;
  const ipv4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(text);
  return ipv4WithPort ? ipv4WithPort[1]! : text;
}

/**
 * The client a per-client limit counts (ADR 0034): an IPv4 address as is, and an IPv6 address by
 * its /64 network, which is what one subscriber is given (RFC 6177); counting each IPv6 address
 * would hand anyone with a /64 2^64 fresh counters. Every textual form of one address gives one
 * answer: compressed or not, any case, in brackets, with a zone id (dropped), and IPv4-mapped IPv6
 * (::ffff:203.0.113.7 is the IPv4 client 203.0.113.7). Anything else is counted by its text.
 */
export function rateLimitClient(request: Request): string {
  const text = bareAddress(clientIp(request));
  if (ipaddr.IPv6.isValid(text)) {
    const address = ipaddr.IPv6.parse(text);
    if (address.isIPv4MappedAddress()) return `ipv4:${address.toIPv4Address().toString()}`;
    return `ipv6:${address.parts.slice(0, 4).map((part) => part.toString(16)).join(":")}::/64`;
  }
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return `ipv4:${ipaddr.IPv4.parse(text).toString()}`;
  return `other:${text.toLowerCase()}`;
}

/**
 * The network an IPv6 client belongs to, its /48 (what one site is usually given), limited as a whole as
 * well as each /64 in it; null for IPv4 and anything else.
 */
export function clientNetwork(request: Request): string | null {
  const text = bareAddress(clientIp(request));
  if (!ipaddr.IPv6.isValid(text)) return null;
  const address = ipaddr.IPv6.parse(text);
  if (address.isIPv4MappedAddress()) return null;
  return `ipv6:${address.parts.slice(0, 3).map((part) => part.toString(16)).join(":")}::/48`;
}

const encoder = new TextEncoder();
const keyCache = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keyCache.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
    ]);
    keyCache.set(secret, key);
  }
  return key;
}

/** HMAC-SHA256(secret, value) as 32 hex characters (128 bits are plenty for bucketing). */
export async function keyedHash(secret: string, value: string): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(value));
  return [...new Uint8Array(signature).slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
