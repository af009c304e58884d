/**
 * Rate limits that hold behind a proxy and across instances: requests without a valid token are
 * counted per client address before any work, writes per verified user after it. A flood of
 * anonymous or forged writes (even through the same proxy address as the admin) ends in 429s
 * without costing the admin a single write.
 */
import { describeOn, freshDatabaseEnv } from 'service-kit/testing';
import type { Send } from 'service-kit/testing';
import { asAdmin, bearer, validInput } from './support/testApp';
import { useAppsPerTest } from './support/useTestApp';

const LIMITS = { RATE_LIMIT_ANONYMOUS_MAX: '5', RATE_LIMIT_WRITE_MAX: '3' };
const TOO_MANY = 'リクエストが多すぎます。しばらく待ってから再試行してください。';

const startApp = useAppsPerTest();
async function start(env: Record<string, string> = {}): Promise<Send> {
  return (await startApp({ env: { ...LIMITS, ...env } })).send;
}

const anonymousWrite = (send: Send, headers: Record<string, string> = {}) =>
  send({ method: 'POST', url: '/api/articles', headers, payload: validInput });
const adminWrite = (send: Send, headers: Record<string, string> = {}) =>
  send({ method: 'POST', url: '/api/articles', headers: { ...asAdmin, ...headers }, payload: validInput });

describe('one address for everyone (a proxy, no TRUST_PROXY)', () => {
  it('refuses a flood of anonymous and forged writes with 429 and still lets the admin write', async () => {
    const send = await start();
    const flood = [
      ...Array.from({ length: 30 }, () => anonymousWrite(send)),
      ...Array.from({ length: 30 }, () => anonymousWrite(send, bearer('forged-token'))),
      ...Array.from({ length: 10 }, () => send({ url: '/api/business/articles', headers: bearer('forged-token') })),
    ];
    const statuses = (await Promise.all(flood)).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(flood.length - 5);

    const limited = await anonymousWrite(send);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: TOO_MANY });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // Same address, valid admin token: the flood cost the admin nothing.
    expect((await adminWrite(send)).statusCode).toBe(201);
    expect((await send({ url: '/api/business/articles', headers: asAdmin })).statusCode).toBe(200);
  });

  it('limits writes per signed-in user after the token is verified', async () => {
    const send = await start();
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await adminWrite(send)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    // Reads and anonymous requests keep their own allowances.
    expect((await send({ url: '/api/articles' })).statusCode).toBe(200);
    expect((await anonymousWrite(send)).statusCode).toBe(401);
  });

  it('does not let a forged X-Forwarded-For buy a fresh allowance', async () => {
    const send = await start();
    const statuses = [];
    for (let i = 0; i < 8; i += 1) {
      statuses.push((await anonymousWrite(send, { 'x-forwarded-for': `203.0.113.${i}` })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  it('counts each forwarded client address apart', async () => {
    const send = await start({ TRUST_PROXY: '1' });
    const attacker = { 'x-forwarded-for': '203.0.113.9' };
    for (let i = 0; i < 5; i += 1) expect((await anonymousWrite(send, attacker)).statusCode).toBe(401);
    expect((await anonymousWrite(send, attacker)).statusCode).toBe(429);
    expect((await anonymousWrite(send, { 'x-forwarded-for': '198.51.100.4' })).statusCode).toBe(401);
    // A client cannot pick its address by prepending one: only the hop the proxy added counts.
    expect((await anonymousWrite(send, { 'x-forwarded-for': '192.0.2.1, 203.0.113.9' })).statusCode).toBe(429);
  });
});

// SQLite means one instance, whose counters live in its process; on PostgreSQL every instance
// counts in the same table.
describeOn('postgres')('several instances on PostgreSQL', () => {
  it('share the counters: the limits hold for the total, whichever instance is asked', async () => {
    const database = freshDatabaseEnv();
    const [a, b] = [await start(database), await start(database)];
    const anonymous = [];
    for (let i = 0; i < 8; i += 1) anonymous.push((await anonymousWrite(i % 2 ? a : b)).statusCode);
    expect(anonymous).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);

    const writes = [];
    for (let i = 0; i < 4; i += 1) writes.push((await adminWrite(i % 2 ? a : b)).statusCode);
    expect(writes).toEqual([201, 201, 201, 429]);
  });
});
