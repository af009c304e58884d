import { useMemo } from 'react';
import { useAuth } from 'shared-auth';
import { getRuntimeConfig } from 'shared-core';
import { createReleaseClient, type ReleaseClient } from 'shared-releases';

/**
 * The release registry service's client: the same API base and ID token as the article client
 * (shared-data's ArticleClientProvider). `fetch` is looked up per call, so a test's fake applies.
 */
export function useReleaseClient(): ReleaseClient {
  const { getIdToken } = useAuth();
  return useMemo(
    () =>
      createReleaseClient({
        baseUrl: getRuntimeConfig().releaseServiceUrl,
        getIdToken,
        fetch: (input, init) => globalThis.fetch(input, init),
      }),
    [getIdToken],
  );
}
