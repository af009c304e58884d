/**
 * Health reports an attacker could send from one address: well-formed forgeries that claim the
 * canary fails (or that it is fine), and malformed ones of every kind. Seeded, so a failure
 * replays. Answers are counted by kind; the test decides what is acceptable.
 */
export interface ForgeryTally {
  accepted: number;
  invalid: number;
  limited: number;
  other: number;
  statuses: Record<number, number>;
}

function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const entry = (
  manifest: string,
  counts: Partial<Record<'views' | 'loadFailures' | 'renderCrashes' | 'hydrationErrors', unknown>>,
) => ({
  remote: 'public_site',
  manifest,
  views: 20,
  loadFailures: 0,
  renderCrashes: 0,
  hydrationErrors: 0,
  ...counts,
});

/** One forged or malformed body (and its content type). */
function forgery(random: () => number, manifest: string): { body: string; type: string } {
  const json = (value: unknown) => ({ body: JSON.stringify(value), type: 'text/plain;charset=UTF-8' });
  const kinds = [
    () => json({ environment: 'production', entries: [entry(manifest, { renderCrashes: 20 })] }),
    () => json({ environment: 'production', entries: [entry(manifest, { loadFailures: 20 })] }),
    () => json({ environment: 'production', entries: [entry(manifest, {})] }),
    () => json({ environment: 'production', entries: [entry(manifest, { renderCrashes: 5000, views: 5000 })] }),
    () => json({ environment: 'production', entries: [entry(manifest, { renderCrashes: 21 })] }),
    () => json({ environment: 'production', entries: [entry(manifest, { views: -1 })] }),
    () => json({ environment: 'production', entries: [entry(manifest, { views: 1.5 })] }),
    () => json({ environment: 'production', entries: [entry(manifest, { views: '20' })] }),
    () => json({ environment: 'qa', entries: [entry(manifest, {})] }),
    () => json({ environment: 'production', entries: Array.from({ length: 7 }, () => entry(manifest, {})) }),
    () => json({ environment: 'production', entries: [{ ...entry(manifest, {}), uid: 'someone' }] }),
    () => json({ environment: 'production', entries: [entry('javascript:alert(1)', {})] }),
    () => ({ body: '{"environment":"production","entries":[],"__proto__":{"admin":true}}', type: 'application/json' }),
    () => json([1, 2, 3]),
    () => json(null),
    () => ({ body: '{"environment":"production","entries":[', type: 'application/json' }),
    () => ({ body: 'x'.repeat(8192), type: 'text/plain' }),
    () => ({ body: `environment=production&entries=${'a'.repeat(20)}`, type: 'application/x-www-form-urlencoded' }),
  ];
  return kinds[Math.floor(random() * kinds.length)]!();
}

export async function forgeHealthReports(
  apiBase: string,
  address: string,
  canaryManifest: string,
  count: number,
  seed = 35,
): Promise<ForgeryTally> {
  const random = seeded(seed);
  const tally: ForgeryTally = { accepted: 0, invalid: 0, limited: 0, other: 0, statuses: {} };
  for (let sent = 0; sent < count; sent += 10) {
    const batch = Array.from({ length: Math.min(10, count - sent) }, () => forgery(random, canaryManifest));
    const statuses = await Promise.all(
      batch.map(async ({ body, type }) => {
        const response = await fetch(`${apiBase}/health`, {
          method: 'POST',
          headers: { 'content-type': type, 'x-forwarded-for': address },
          body,
        });
        await response.body?.cancel();
        return response.status;
      }),
    );
    for (const status of statuses) {
      tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
      if (status === 202) tally.accepted += 1;
      else if (status === 429) tally.limited += 1;
      else if (status >= 400 && status < 500) tally.invalid += 1;
      else tally.other += 1;
    }
  }
  return tally;
}
