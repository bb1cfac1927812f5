/**
 * Access tokens: HS256 JWTs signed with the token secret, naming a session (`sid`) and its user
 * (`sub`), living `ACCESS_TOKEN_TTL` seconds. An expired token with a good signature still
 * names its session, so the resolver can refresh it while the session lives.
 */
import { errors, type JWTPayload, jwtVerify, SignJWT } from "jose";

const ISSUER = "vitrine";
const AUDIENCE = "vitrine:access";

/** What a token says once its signature checks out. */
export interface TTokenClaims {
  userId: string;
  sessionId: string;
  isExpired: boolean;
}

/** Signs and reads access tokens. */
export interface TTokenSigner {
  sign(userId: string, sessionId: string): Promise<string>;
  /** The token's claims, or null when the signature, issuer, audience or shape is wrong. */
  read(token: string): Promise<TTokenClaims | null>;
}

function claimsOf(payload: JWTPayload, isExpired: boolean): TTokenClaims | null {
  const sessionId = payload.sid;
  if (typeof payload.sub !== "string" || typeof sessionId !== "string") return null;
  return { userId: payload.sub, sessionId, isExpired };
}

/** Creates the signer for `secret`, tokens living `ttlSeconds`, time from `now`. */
export function createTokenSigner(secret: string, ttlSeconds: number, now: () => Date): TTokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(userId, sessionId) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    async read(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ["HS256"],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now(),
          requiredClaims: ["exp", "sub", "sid"],
        });
        return claimsOf(payload, false);
      } catch (error) {
        // jose checks the signature before the claims, so an expired token is an authentic one.
        if (error instanceof errors.JWTExpired) return claimsOf(error.payload, true);
        return null;
      }
    },
  };
}
