// The view token of each page (docs/canary-releases.md, "Who can report"): signed per response
// with the first of the keys shared with the release service, naming the releases the page was
// served (its visit's registry), the visitor's bucket and the time. The shell passes it on with
// its health reports; the service counts a report only with a valid one. The registry's part is
// worked out once per registry object (visitorReleases.ts shares one per state and canary choice),
// so a response costs 9 random bytes and one HMAC (a few microseconds).
import { releasesPart, signViewToken } from 'shared-releases/view-token';
import type { Registry } from './registry';
import type { Visit } from './visitorReleases';

export function createViewTokens(keys: readonly string[], clock: () => number = Date.now): (visit: Visit) => string {
  const signingKey = keys[0];
  if (!signingKey) throw new RangeError('a view token needs a key');
  const parts = new WeakMap<Registry, string>();
  return ({ registry, bucket = null }) => {
    let releases = parts.get(registry);
    if (releases === undefined) parts.set(registry, (releases = releasesPart(registry)));
    return signViewToken(signingKey, releases, bucket, clock());
  };
}
