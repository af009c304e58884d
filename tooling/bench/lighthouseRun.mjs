// One Lighthouse run, in plain Node: Lighthouse serialises functions into the page, which a
// TypeScript loader's helpers (tsx's __name) would break. Prints the figures as JSON.
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';

const [url, preset, chromePath] = process.argv.slice(2);
const flags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: flags });
try {
  const result = await lighthouse(
    url,
    { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  // What the trace itself saw (unsimulated, from navigation start), and the requests that ended
  // before the observed LCP: Lighthouse's simulation charges each of those to LCP unless it is one
  // it treats as render-blocking (lighthouse.ts, lcpOnlyRequests). The request times count from the
  // first request, a few ms after navigation start: near enough to tell what ended before the paint.
  const metrics = lhr.audits.metrics?.details?.items?.[0] ?? {};
  const observedLcpMs = metrics.observedLargestContentfulPaint;
  const lcpNode = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  console.log(
    JSON.stringify({
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue,
      fcpMs: lhr.audits['first-contentful-paint']?.numericValue,
      totalBytes: lhr.audits['total-byte-weight']?.numericValue,
      observedFcpMs: metrics.observedFirstContentfulPaint,
      observedLcpMs,
      lcpElement: lcpNode?.selector,
      endedBeforeLcp: requests
        .filter((r) => observedLcpMs !== undefined && r.networkEndTime <= observedLcpMs)
        .map((r) => ({ url: r.url, resourceType: r.resourceType, priority: r.priority })),
    }),
  );
} finally {
  await chrome.kill();
}
