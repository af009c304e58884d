// What the browser reads as /app-config.json (checked there by shared-core's parseRuntimeConfig).
export type AuthBackend =
  | { mode: 'emulator'; projectId: string; emulatorPort: number }
  | { mode: 'project'; config: { apiKey: string; authDomain: string; projectId: string; [key: string]: unknown } };

export interface RuntimeConfig {
  auth: AuthBackend;
  /** Passed on as written: the page normalises it as article-api normalises ADMIN_EMAILS. */
  adminEmails: string[];
  /** Origins an admin may preview a remote from (docs/releasing.md); also in the CSP. */
  previewOrigins: string[];
  /** The article API as the browser reaches it; absent: the page's own hostname on the local port. */
  apiBaseUrl?: string;
  /** The release service as the browser reaches it (health reports, the リリース page); absent: see shared-core. */
  releaseServiceUrl?: string;
  /** The environment this server serves (RELEASE_ENVIRONMENT), where the page reports its remotes' health; absent: production. */
  releaseEnvironment?: 'staging' | 'production';
}
