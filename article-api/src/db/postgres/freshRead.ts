/**
 * Shares one database read among concurrent callers without ever answering a caller with a read
 * that started before it called: a caller arriving while a read is in flight waits for the next
 * one, which starts as soon as that read ends and serves everyone who arrived meanwhile. Under
 * load that is one content-version query per two round trips instead of one per request, and a
 * write committed (on any instance) before a request arrived is still always seen by it.
 */
export function sharedFreshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  let queued: Promise<T> | null = null;

  const start = (): Promise<T> => {
    const current = read();
    inFlight = current;
    const settle = () => {
      if (inFlight === current) inFlight = null;
    };
    current.then(settle, settle);
    return current;
  };

  return () => {
    if (!inFlight) return start();
    queued ??= inFlight
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queued = null;
        return start();
      });
    return queued;
  };
}
