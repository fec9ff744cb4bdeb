/**
 * Client identity for rate limits: a keyed hash of the client's IP, so the address itself is
 * never stored. Cloudflare sets CF-Connecting-IP on every request at the edge.
 */
export function clientIp(request: Request): string {
  const cf = request.headers.get("CF-Connecting-IP");
  if (cf) return cf.trim();
  const forwarded = request.headers.get("X-Forwarded-For");
  if (forwarded) return forwarded.split(",")[0]!.trim();
  return "unknown";
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
