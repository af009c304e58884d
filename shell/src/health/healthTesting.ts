// Test helpers of the health reports (never imported by application code): a stand-in for
// navigator.sendBeacon that keeps what was sent, and a way to read it back.
import type { HealthEntry } from 'shared-releases';
import { sendHealth } from './healthReporter';

export interface Beacon {
  url: string;
  type: string;
  /** The body as sent (the JSON text). */
  body: string;
}

/** jsdom's Blob has no text(): read through a FileReader, as a browser could. */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

/** The view token the test page was served with (the web server signs real ones). */
export const TEST_VIEW_TOKEN = 'AAAAAAAAAAAA.1764300000.17.public_site:abcdefgh.AAAAAAAAAAAAAAAAAAAAAA';

/** The page's view token as the web server puts it in the head (null: removed). */
export function setViewToken(token: string | null): void {
  document.querySelector('meta[name="view-token"]')?.remove();
  if (token === null) return;
  const meta = document.createElement('meta');
  meta.name = 'view-token';
  meta.content = token;
  document.head.append(meta);
}

/**
 * Installs a sendBeacon (jsdom has none) answering `accept()`, and the page's view token;
 * `beacons()` reads every call's URL, content type and body so far.
 */
export function spyOnBeacons(accept: () => boolean = () => true) {
  setViewToken(TEST_VIEW_TOKEN);
  const sendBeacon = jest.fn((_url: string | URL, _data?: BodyInit | null) => accept());
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true, writable: true });
  const beacons = (): Promise<Beacon[]> =>
    Promise.all(
      sendBeacon.mock.calls.map(async ([url, data]) => {
        const blob = data as Blob;
        return { url: String(url), type: blob.type, body: await textOf(blob) };
      }),
    );
  return { sendBeacon, beacons };
}

export type BeaconSpy = ReturnType<typeof spyOnBeacons>;

/** Lets the recorder's dynamic import() and its callbacks run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Sends what the page has noted at once (as when it is hidden) and returns the entries of the
 * reports sent since the last call.
 */
export async function sendNow({ sendBeacon, beacons }: BeaconSpy): Promise<HealthEntry[]> {
  await settle();
  sendHealth();
  const sent = await beacons();
  sendBeacon.mockClear();
  return sent.flatMap((beacon) => (JSON.parse(beacon.body) as { entries: HealthEntry[] }).entries);
}
