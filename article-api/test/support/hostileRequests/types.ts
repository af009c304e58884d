import type { Prng } from 'service-kit/testing';

export interface HostileRequest {
  /** "category: detail", printed when the answer is wrong. */
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** Sent as raw bytes over a socket instead (malformed HTTP a client library would refuse to send). */
  raw?: string;
  expected: readonly number[];
}

export interface HostileContext {
  prng: Prng;
  adminToken: string;
  /** Slugs and ids of stored articles. */
  slugs: readonly string[];
  ids: readonly number[];
  /** A well-formed id that no article has. */
  missingId: number;
}

export type Generator = (ctx: HostileContext) => HostileRequest;
