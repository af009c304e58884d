import { lcpOnlyRequests, medianFigures, type LighthouseFigures } from '../lighthouseFigures';

// What the first paint of /articles fetched in the bench of 2026-11-28 (observed FCP = LCP, 98 ms).
const seen = [
  { url: 'http://localhost:3000/articles', resourceType: 'Document', priority: 'VeryHigh' },
  { url: 'http://localhost:3000/assets/montserrat-latin-700-normal.woff2', resourceType: 'Font', priority: 'High' },
  { url: 'http://localhost:3000/vendors-fontsource.css', resourceType: 'Stylesheet', priority: 'VeryHigh' },
  { url: 'http://localhost:3000/after-paint.js', resourceType: 'Script', priority: 'Low' },
  { url: 'http://localhost:3000/blocking.js', resourceType: 'Script', priority: 'High' },
  { url: 'https://images.unsplash.com/photo-1?w=800', resourceType: 'Image', priority: 'Low' },
  { url: 'http://localhost:3000/favicon.svg', resourceType: 'Other', priority: 'High' },
];

describe('lcpOnlyRequests', () => {
  it('keeps what Lighthouse charges to LCP but not to FCP: the preloaded font, a late script, images, the favicon', () => {
    expect(lcpOnlyRequests(seen).map((r) => r.url.split('/').pop())).toEqual([
      'montserrat-latin-700-normal.woff2',
      'after-paint.js',
      'photo-1?w=800',
      'favicon.svg',
    ]);
  });

  it('leaves out the document and what Lighthouse takes for render-blocking (VeryHigh, High scripts)', () => {
    const kept = lcpOnlyRequests(seen);
    expect(kept.some((r) => r.resourceType === 'Document')).toBe(false);
    expect(kept.some((r) => r.priority === 'VeryHigh')).toBe(false);
    expect(kept.some((r) => r.url.endsWith('/blocking.js'))).toBe(false);
  });
});

describe('medianFigures', () => {
  const run = (lcpMs: number, lcpElement: string, observedLcpMs?: number): LighthouseFigures => ({
    score: 100,
    lcpMs,
    tbtMs: 0,
    cls: 0,
    fcpMs: 900,
    totalBytes: 1,
    observedFcpMs: observedLcpMs,
    observedLcpMs,
    lcpElement,
    endedBeforeLcp: [{ url: `http://localhost/${lcpElement}`, resourceType: 'Font', priority: 'High' }],
  });

  it('takes the LCP element and the requests from the run whose LCP is the median', () => {
    const median = medianFigures([run(1400, 'a', 90), run(1200, 'b', 80), run(1300, 'c', 100)]);
    expect(median.lcpMs).toBe(1300);
    expect(median.lcpElement).toBe('c');
    expect(median.endedBeforeLcp?.[0]?.url).toBe('http://localhost/c');
    expect(median.observedLcpMs).toBe(90);
  });

  it('leaves the observed figures out when no run has them (results of older benches)', () => {
    const median = medianFigures([run(1400, 'a'), run(1200, 'b'), run(1300, 'c')]);
    expect(median.observedLcpMs).toBeUndefined();
    expect(median.observedFcpMs).toBeUndefined();
  });
});
