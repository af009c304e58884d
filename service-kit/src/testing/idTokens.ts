/**
 * Hand-made Firebase ID tokens for the refusal tests: emulator tokens are unsigned JWTs
 * (`alg: none`), so re-encoding their claims is exactly what a forger would do; real-project
 * tokens are RS256-signed here with a test key that the tests hand to firebase-admin.
 */
import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';

export type Claims = Record<string, unknown>;

const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');

export function decodeClaims(token: string): Claims {
  const payload = token.split('.')[1];
  if (payload === undefined) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
}

/** An unsigned token (as the Auth emulator issues them) with these claims. */
export function unsignedToken(claims: Claims, header: object = { alg: 'none', typ: 'JWT' }): string {
  return `${encode(header)}.${encode(claims)}.`;
}

/** The emulator token re-issued with some claims changed (e.g. another project's audience). */
export function withClaims(token: string, changes: Claims): string {
  return unsignedToken({ ...decodeClaims(token), ...changes });
}

export const nowInSeconds = () => Math.floor(Date.now() / 1000);

/** Claims of a Firebase ID token for `projectId`, valid for an hour from now. */
export function idTokenClaims(projectId: string, user: { uid: string; email: string }, changes: Claims = {}): Claims {
  const now = nowInSeconds();
  return {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now - 60,
    user_id: user.uid,
    sub: user.uid,
    iat: now - 60,
    exp: now + 3600,
    email: user.email,
    email_verified: true,
    firebase: { identities: { email: [user.email] }, sign_in_provider: 'google.com' },
    ...changes,
  };
}

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  /** SPKI PEM, what firebase-admin's key fetcher would return for `kid`. */
  publicKeyPem: string;
}

export function createSigningKey(kid: string): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid, privateKey, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

/** An RS256 token signed with `key`, the way Google signs real ID tokens. */
export function signedToken(claims: Claims, key: SigningKey, header: Claims = {}): string {
  const signingInput = `${encode({ alg: 'RS256', typ: 'JWT', kid: key.kid, ...header })}.${encode(claims)}`;
  const signature = createSign('RSA-SHA256').update(signingInput).sign(key.privateKey).toString('base64url');
  return `${signingInput}.${signature}`;
}

/** The same token with one character of its signature changed. */
export function tamperSignature(token: string): string {
  const [header, payload, signature = ''] = token.split('.');
  const middle = Math.floor(signature.length / 2);
  const flipped = signature[middle] === 'A' ? 'B' : 'A';
  return `${header}.${payload}.${signature.slice(0, middle)}${flipped}${signature.slice(middle + 1)}`;
}

/** Another token's signature on changed claims (e.g. an operator's token re-labelled as the admin). */
export function tamperClaims(token: string, changes: Claims): string {
  const [header, , signature] = token.split('.');
  return `${header}.${encode({ ...decodeClaims(token), ...changes })}.${signature}`;
}
