import { sharedFreshRead } from '../src/db/postgres/freshRead';

/** A read whose answer is the value at the moment the read started; each read takes one macrotask. */
function slowSource() {
  let value = 0;
  let reads = 0;
  const read = () => {
    reads += 1;
    const seen = value;
    return new Promise<number>((resolve) => setTimeout(() => resolve(seen), 5));
  };
  return { read, set: (next: number) => (value = next), reads: () => reads };
}

describe('sharedFreshRead', () => {
  it('never answers a caller with a read that started before it called', async () => {
    const source = slowSource();
    const version = sharedFreshRead(source.read);
    const early = version(); // starts read 1, sees 0
    source.set(1); // a write commits while read 1 is in flight
    const late = version(); // must not get read 1's answer
    expect(await early).toBe(0);
    expect(await late).toBe(1);
  });

  it('serves everyone who arrived during one read with a single next read', async () => {
    const source = slowSource();
    const version = sharedFreshRead(source.read);
    const first = version();
    const waiting = Array.from({ length: 50 }, () => version());
    await Promise.all([first, ...waiting]);
    expect(source.reads()).toBe(2);
    expect(await version()).toBe(0);
    expect(source.reads()).toBe(3);
  });

  it('passes a failed read on to its callers only, then reads again', async () => {
    let fail = true;
    const version = sharedFreshRead(async () => {
      if (fail) throw new Error('connection lost');
      return 'v1';
    });
    await expect(version()).rejects.toThrow('connection lost');
    fail = false;
    expect(await version()).toBe('v1');
  });
});
