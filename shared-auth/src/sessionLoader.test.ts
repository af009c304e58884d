import type { AuthSession } from './session';
import { createSessionLoader } from './sessionLoader';

const session = {} as AuthSession;

describe('createSessionLoader', () => {
  it('imports once and tells every listener, including late ones', async () => {
    const importSession = jest.fn(async () => session);
    const loader = createSessionLoader(importSession);
    const early = jest.fn();
    loader.subscribe({ loaded: early, failed: jest.fn() });
    await Promise.all([loader.load(), loader.load()]);
    const late = jest.fn();
    loader.subscribe({ loaded: late, failed: jest.fn() });
    expect(importSession).toHaveBeenCalledTimes(1);
    expect(early).toHaveBeenCalledWith(session);
    expect(late).toHaveBeenCalledWith(session);
  });

  it('reports a failed download and tries again on the next request', async () => {
    const importSession = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(session);
    const loader = createSessionLoader(importSession);
    const failed = jest.fn();
    loader.subscribe({ loaded: jest.fn(), failed });
    await expect(loader.load()).rejects.toThrow('offline');
    expect(failed).toHaveBeenCalled();
    await expect(loader.load()).resolves.toBe(session);
    expect(importSession).toHaveBeenCalledTimes(2);
  });
});
