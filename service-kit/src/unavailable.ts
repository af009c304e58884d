/**
 * Errors that mean "the database cannot be reached right now" rather than "this request broke
 * something": the service answers them with a 503 and Retry-After, so clients (the web apps fall
 * back to their snapshot) and load balancers treat them as a passing outage.
 */
const NODE_NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
/** PostgreSQL: connection exceptions (class 08), shutdown/crash/starting (57P01–57P03), too many connections. */
const POSTGRES_UNAVAILABLE = /^(08...|57P0[1-3]|53300)$/;
const POOL_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

export function isStorageUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NODE_NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code))) return true;
  if (code === 'SQLITE_BUSY') return true; // another writer held the file past busy_timeout
  return typeof message === 'string' && POOL_MESSAGES.test(message);
}
