// Sends the page's health events (./recordHealth.ts) to POST /api/health: a chunk of its own,
// requested with the first event, so a page without remote areas never downloads it. Nothing
// here may throw into the page or hold up rendering: a report that cannot be sent is dropped.
import { getRuntimeConfig } from 'shared-core';
import type { HealthReport, HealthVital } from 'shared-releases';
import { countsOnce, healthReports, type PageStates } from './healthReports';
import type { HealthEvent } from './recordHealth';
import { watchVitals } from './vitals';

/** A batch leaves this long after its first event: a few pages in one report, not one per page. */
export const HEALTH_BATCH_MS = 2000;

let timer: ReturnType<typeof setTimeout> | undefined;
let pages: PageStates = new Map();
/** The events of the batch not sent yet, each counted once per view. */
let batch: HealthEvent[] = [];
/** The recorder's list of events (./recordHealth.ts), emptied as they are taken. */
let noted: HealthEvent[] = [];
/** The page's vitals final and not sent yet (./vitals.ts: each at most once per page load). */
let vitals: HealthVital[] = [];
/** Asks ./vitals.ts for INP and CLS, final once the page is hidden; nothing before it has loaded. */
let finalVitals = () => {};

/** Called after each event: takes what the recorder noted; the first of a batch sets its timer. */
export function takeHealthEvents(events: HealthEvent[]): void {
  noted = events;
  for (const event of events.splice(0)) if (countsOnce(pages, event)) batch.push(event);
  if (batch.length) timer ??= setTimeout(sendHealth, HEALTH_BATCH_MS);
}

/**
 * As text/plain, a "simple" request: no CORS preflight, which a beacon cannot make and which
 * would double the requests. sendBeacon survives the page's unloading; where it is missing,
 * refuses (its queue is full) or throws, a keepalive fetch does the same job.
 */
export function sendReport(url: string, report: HealthReport): void {
  const body = JSON.stringify(report);
  try {
    if (navigator.sendBeacon(url, new Blob([body], { type: 'text/plain' }))) return;
  } catch {
    /* no beacon here: fetch instead */
  }
  try {
    // No credentials: the report names no one, and the service must not be able to tell who sent it.
    fetch(url, { method: 'POST', body, keepalive: true, mode: 'no-cors', credentials: 'omit' }).catch(() => undefined);
  } catch {
    /* dropped */
  }
}

/** Sends what has been noted so far (the batch's timer, or the page going away). */
export function sendHealth(): void {
  takeHealthEvents(noted); // the page may go away before the recorder's last call arrives
  clearTimeout(timer);
  timer = undefined;
  const [events, measured] = [batch, vitals];
  batch = [];
  vitals = [];
  if (!events.length && !measured.length) return;
  try {
    // The page's view token (the web server signed it into the HTML): without one (a page from a
    // dev server), nothing would count, so nothing is sent.
    const token = document.querySelector('meta[name="view-token"]')?.getAttribute('content');
    if (!token) return;
    const { releaseServiceUrl, releaseEnvironment } = getRuntimeConfig();
    for (const report of healthReports(releaseEnvironment, token, events, measured)) {
      sendReport(`${releaseServiceUrl}/health`, report);
    }
  } catch {
    /* dropped: health is never worth an error on the page */
  }
}

/** Forgets the page's events and states (tests start from a fresh page). */
export function resetHealthReporter(): void {
  clearTimeout(timer);
  timer = undefined;
  pages = new Map();
  batch = [];
  vitals = [];
  noted.length = 0;
}

/**
 * After the page's `load` (so the library never competes with the page's own scripts): the vitals'
 * observers; a browser without them only sends no vitals.
 */
export function loadVitals(): void {
  try {
    // Handed over when the page is hidden, just before the send that takes them (leave()).
    ({ finalVitals } = watchVitals((vital) => vitals.push(vital)));
  } catch {
    /* no vitals */
  }
}
if (document.readyState === 'complete') loadVitals();
else addEventListener('load', loadVitals, { once: true });

/** The page's last send: INP and CLS are final only now (finalVitals only hands over values). */
function leave(): void {
  finalVitals();
  sendHealth();
}

// A visitor who leaves (or switches away and never returns) takes no timer's 2 s with them.
addEventListener('pagehide', leave);
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') leave();
});
