/**
 * Cloudflare Access (optional). When Access protects /admin it adds a signed JWT to every request
 * (Cf-Access-Jwt-Assertion). With CF_ACCESS_TEAM_DOMAIN and CF_ACCESS_AUD set, a token that verifies
 * against the team's published keys, issuer and audience, and carries an expiry and an email,
 * identifies the admin by that email claim:
 * the admin still needs an enabled row in admin_users, but no password.
 */
import { createRemoteJWKSet, jwtVerify } from "jose";
import type { AppEnv } from "~/lib/env.server";
import { logWarn } from "~/lib/log.server";

export const ACCESS_JWT_HEADER = "Cf-Access-Jwt-Assertion";

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function teamKeys(teamDomain: string) {
  let keys = keySets.get(teamDomain);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(`${teamDomain}/cdn-cgi/access/certs`));
    keySets.set(teamDomain, keys);
  }
  return keys;
}

/** The verified email of the Access identity on this request, or null. */
export async function accessEmail(request: Request, env: AppEnv): Promise<string | null> {
  if (!env.CF_ACCESS_TEAM_DOMAIN || !env.CF_ACCESS_AUD) return null;
  const token = request.headers.get(ACCESS_JWT_HEADER);
  if (!token) return null;
  const teamDomain = env.CF_ACCESS_TEAM_DOMAIN.replace(/\/+$/, "");
  try {
    const { payload } = await jwtVerify(token, teamKeys(teamDomain), {
      issuer: teamDomain,
      audience: env.CF_ACCESS_AUD,
      algorithms: ["RS256"],
      // Access always sets both; a token without an expiry would vouch for someone forever (ADR 0034).
      requiredClaims: ["exp", "email"],
    });
    const email = typeof payload.email === "string" ? payload.email.trim().toLowerCase() : "";
    if (!email) {
      logWarn("access_jwt_rejected", { reason: "no email" });
      return null;
    }
    return email;
  } catch (error) {
    logWarn("access_jwt_rejected", { reason: error instanceof Error ? error.name : "unknown" });
    return null;
  }
}
