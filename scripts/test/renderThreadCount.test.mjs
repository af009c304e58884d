import { describe, expect, it } from '@jest/globals';
import { renderThreadCount } from 'local-stack/stack.mjs';

describe('renderThreadCount', () => {
  it('is one per core (at most 4) unless SSR_THREADS says otherwise; 0 is allowed', () => {
    const cores = renderThreadCount({});
    expect(cores).toBeGreaterThanOrEqual(1);
    expect(cores).toBeLessThanOrEqual(4);
    expect(renderThreadCount({ SSR_THREADS: '0' })).toBe(0);
    expect(renderThreadCount({ SSR_THREADS: '3' })).toBe(3);
  });

  it('says so and uses the default for a value that is not a whole number', () => {
    const messages = [];
    expect(renderThreadCount({ SSR_THREADS: 'two' }, (message) => messages.push(message))).toBe(renderThreadCount({}));
    expect(renderThreadCount({ SSR_THREADS: '-1' }, (message) => messages.push(message))).toBe(renderThreadCount({}));
    expect(messages).toHaveLength(2);
    expect(messages[0]).toContain('SSR_THREADS');
  });
});
