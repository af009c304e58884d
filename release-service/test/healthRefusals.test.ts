/**
 * POST /api/health refused: everything malformed a Japanese 4xx that counts nothing; the limit per
 * address; the site's origins allowed by CORS, others not. Counting: health.test.ts. Both engines.
 */
import { CANARY_ENV, canaryRequests, consoleManifest, entry, pageToken, report } from './support/canaryRequests';
import { CONSOLE, setUpHealthApp } from './support/healthApp';
import { useTestApp } from './support/useTestApp';

const { api, server } = setUpHealthApp();

describe('refusals', () => {
  const v2 = (views: number, failures = {}) => entry(CONSOLE, consoleManifest('v2'), views, failures);
  const refusals: Array<{ label: string; payload: object | string; status: number; message: string; type?: string }> = [
    {
      label: 'an unknown environment',
      payload: { environment: 'prod', token: pageToken([v2(1)]), entries: [v2(1)] },
      status: 400,
      message: '環境は staging / production のどれかを指定してください。',
    },
    { label: 'no entries', payload: report(), status: 400, message: '報告が空です。' },
    {
      label: 'no view token',
      payload: { environment: 'production', entries: [v2(1)] },
      status: 400,
      message: '閲覧トークンがありません。',
    },
    {
      label: 'a view token over 400 characters',
      payload: Object.assign(report(v2(1)), { token: 'a'.repeat(401) }),
      status: 400,
      message: '閲覧トークンが長すぎます。',
    },
    {
      label: 'seven entries',
      payload: report(...Array.from({ length: 7 }, () => v2(1))),
      status: 400,
      message: '1 回に報告できるのは 6 件までです。',
    },
    {
      label: 'more failures than views',
      payload: report(v2(1, { loadFailures: 1, renderCrashes: 1 })),
      status: 400,
      message: '失敗の数が表示回数を超えています。',
    },
    { label: 'no views', payload: report(v2(0)), status: 400, message: '表示回数のない報告は受け付けません。' },
    {
      label: 'a count over the limit',
      payload: report(v2(21)),
      status: 400,
      message: '件数は 1 回の報告で 20 までです。',
    },
    { label: 'a count not whole', payload: report(v2(1.5)), status: 400, message: '件数は整数で指定してください。' },
    {
      label: 'a count as text',
      payload: report(Object.assign(v2(1), { views: '1' })),
      status: 400,
      message: '件数は整数で指定してください。',
    },
    {
      label: 'a manifest that is no http(s) URL',
      payload: report(entry(CONSOLE, 'javascript:alert(1)', 1)),
      status: 400,
      message: 'マニフェストの URL が正しくありません。',
    },
    {
      label: 'an unknown key',
      payload: report(Object.assign(v2(1), { page: '/me' })),
      status: 400,
      message: '使えない項目があります: page',
    },
    {
      label: 'a body that is no object',
      payload: '[1,2]',
      status: 400,
      message: 'リクエストの形式が正しくありません。',
    },
    { label: 'text that is not JSON', payload: 'views=1', status: 400, message: 'JSONの形式が正しくありません。' },
    {
      label: 'a form',
      payload: 'views=1',
      type: 'application/x-www-form-urlencoded',
      status: 415,
      message: 'データはJSON形式（Content-Type: application/json）で送信してください。',
    },
    {
      label: 'a body over 4 KB',
      payload: JSON.stringify(report(entry(CONSOLE, `http://x.test/${'a'.repeat(4200)}`, 1))),
      status: 413,
      message: '送信データが大きすぎます。',
    },
  ];

  it.each(refusals)(
    '$label → $status with a Japanese message, nothing counted',
    async ({ payload, status, message, type }) => {
      const response = await api().report('203.0.113.1', payload, type);
      expect(response.statusCode).toBe(status);
      expect(response.json<{ error: string }>().error).toBe(message);
      const { health: figures } = await api().environmentOf(CONSOLE);
      expect([figures.live.views, figures.canary!.views]).toEqual([0, 0]);
    },
  );
});

describe('the limit per address', () => {
  const limited = useTestApp({ env: Object.assign({}, CANARY_ENV, { HEALTH_REPORTS_PER_MINUTE: '3' }) });

  it('answers 429 in Japanese past HEALTH_REPORTS_PER_MINUTE, with Retry-After; other addresses go on', async () => {
    const { report: send } = canaryRequests(limited.send);
    const valid = report(entry('public_site', 'http://localhost:3002/mf-manifest.json', 1));
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await send('198.51.100.7', i === 1 ? 'not json' : valid)).statusCode);
    expect(statuses).toEqual([202, 400, 202]); // malformed reports count against the allowance too
    const malformed = await send('198.51.100.9', 'not json');
    expect([malformed.statusCode, malformed.headers['cross-origin-resource-policy']]).toEqual([400, 'cross-origin']);
    const over = await send('198.51.100.7', valid);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ error: 'リクエストが多すぎます。しばらく待ってから再試行してください。' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // A page on another origin over the limit logs no blocked-response error either.
    expect(over.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await send('198.51.100.8', valid)).statusCode).toBe(202);
  });
});

describe('CORS', () => {
  it('lets the site’s origins post reports: the preflight of a JSON report, and sendBeacon’s simple request', async () => {
    const origin = 'http://localhost:3000';
    const preflight = await server.send({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    const beacon = await server.send({
      method: 'POST',
      url: '/api/health',
      headers: { origin, 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify(report(entry(CONSOLE, consoleManifest('v1'), 1))),
    });
    expect(beacon.statusCode).toBe(202);
    expect(beacon.headers['access-control-allow-origin']).toBe(origin);
    // A page on another origin may read the answer's bytes: no blocked-response console error per view.
    expect(beacon.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const foreign = await server.send({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});
