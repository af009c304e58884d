import type * as Sanitizer from './sanitizer';

/**
 * The browser's sanitiser, loaded on first use: once in, React's use() reads it without
 * suspending; a failed download is tried again by the next call, not kept as the answer.
 */

/**
 * Runs `check` with sanitizer.ts in a registry of its own (nothing loaded yet), where DOMPurify
 * loads only when `dompurifyLoads()` says so. Its imports resolve in that registry while it lasts.
 */
async function withFreshSanitizer(dompurifyLoads: () => boolean, check: (modules: typeof Sanitizer) => Promise<void>) {
  await jest.isolateModulesAsync(async () => {
    jest.doMock('dompurify', () => {
      if (!dompurifyLoads()) throw new Error('ChunkLoadError: dompurify');
      return jest.requireActual('dompurify');
    });
    try {
      await check(await import('./sanitizer'));
    } finally {
      jest.dontMock('dompurify');
    }
  });
}

describe('loadSanitizer', () => {
  it('is marked settled once loaded, the way use() reads a promise without suspending', async () => {
    await withFreshSanitizer(
      () => true,
      async ({ loadSanitizer, loadedSanitizer }) => {
        const loading = loadSanitizer();
        expect(loading).not.toHaveProperty('status');
        const sanitize = await loading;
        expect(loading).toMatchObject({ status: 'fulfilled', value: sanitize });
        expect(loadedSanitizer()).toBe(sanitize);
        expect(loadSanitizer()).toBe(loading);
        expect(sanitize('<p onclick="alert(1)">本文</p><script>alert(2)</script>')).toBe('<p>本文</p>');
      },
    );
  });

  it('loads again after a failed download', async () => {
    let attempts = 0;
    await withFreshSanitizer(
      () => ++attempts > 1,
      async ({ loadSanitizer, loadedSanitizer }) => {
        await expect(loadSanitizer()).rejects.toThrow('ChunkLoadError');
        expect(loadedSanitizer()).toBeNull();
        const sanitize = await loadSanitizer();
        expect(sanitize('<strong>強調</strong><img src="x" onerror="alert(1)">')).toBe(
          '<strong>強調</strong><img src="x">',
        );
        expect(attempts).toBe(2);
      },
    );
  });
});
