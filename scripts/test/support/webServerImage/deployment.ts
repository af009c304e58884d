/** What a deployment adds to the image's environment (docs/deployment.md). */
export const SITE_ORIGIN = 'https://ai-manabi.example';
export const FIREBASE_WEB_CONFIG = JSON.stringify({
  apiKey: 'demo-api-key',
  authDomain: 'demo-ai-manabi.firebaseapp.com',
  projectId: 'demo-ai-manabi',
});
/** The view-token key shared with the release service (required with NODE_ENV=production). */
export const HEALTH_TOKEN_KEYS = 'image-test-view-token-key-0123456789abcdef';
export const REMOTE_NAMES = ['public_site', 'business_portal', 'admin_console'];
export const remotesAt = (base: string) =>
  JSON.stringify(Object.fromEntries(REMOTE_NAMES.map((name) => [name, `${base}/${name}/mf-manifest.json`])));
