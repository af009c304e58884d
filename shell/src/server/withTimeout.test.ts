/** @jest-environment node */
import { withTimeout } from './withTimeout';

describe('withTimeout', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('resolves with the value and leaves no timer behind', async () => {
    await expect(withTimeout(Promise.resolve('page'), 3000, 'prepare()')).resolves.toBe('page');
    // A pending timer would hold the value (a whole page's data) until it fired.
    expect(jest.getTimerCount()).toBe(0);
  });

  it('passes a rejection on and leaves no timer behind', async () => {
    await expect(withTimeout(Promise.reject(new Error('API down')), 3000, 'prepare()')).rejects.toThrow('API down');
    expect(jest.getTimerCount()).toBe(0);
  });

  it('rejects, naming what took too long, once the time is up', async () => {
    const result = withTimeout(new Promise(() => undefined), 3000, 'loading public_site/server');
    jest.advanceTimersByTime(2999);
    await Promise.resolve();
    const settled = jest.fn();
    result.then(settled, settled);
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await expect(result).rejects.toThrow('loading public_site/server took longer than 3000 ms');
  });
});
