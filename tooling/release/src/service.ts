/** The release registry service the CLI talks to: RELEASE_API_URL (default the local release service, :3005), signed in per credentials.ts. */
import { createReleaseClient, type ReleaseClient } from 'shared-releases';
import { releaseIdToken } from './credentials';

export const releaseApiUrl = (env: NodeJS.ProcessEnv = process.env) =>
  env.RELEASE_API_URL || 'http://127.0.0.1:3005/api';

export function releaseClientFromEnv(env: NodeJS.ProcessEnv = process.env): ReleaseClient {
  let token: Promise<string> | null = null;
  return createReleaseClient({
    baseUrl: releaseApiUrl(env),
    // Signed in once per command, when the first call needs it.
    getIdToken: () => (token ??= releaseIdToken(env)),
  });
}
