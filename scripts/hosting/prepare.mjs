#!/usr/bin/env node
// `npm run hosting:prepare`: stages the production builds for Firebase Hosting in .hosting/<app>/
// (Hosting compresses by itself, so the .br/.gz copies stay behind), writes the shell's runtime
// files (/mf-remotes.json, /app-config.json) for the deployment, and writes firebase.json's
// "hosting" section for it. Then: `npx firebase deploy --only hosting --project <id>`.
//
// The deployment comes from the environment (tooling/stack/hosting.mjs `deploymentFromEnv`): SHELL_ORIGIN,
// PUBLIC_SITE_ORIGIN, BUSINESS_PORTAL_ORIGIN, ADMIN_CONSOLE_ORIGIN, FIREBASE_WEB_CONFIG (required:
// the web app's config JSON), ADMIN_EMAILS, API_SERVICE, API_REGION, and SHELL_PAGES=server (with
// SHELL_SERVICE) to have the shell's server render the pages instead of the static index.html.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot, webApps } from 'local-stack/apps.mjs';
import {
  appConfigFor,
  deploymentFromEnv,
  hostingConfig,
  STAGING_DIR,
  stageBuilds,
  writeHostingSection,
} from 'local-stack/hosting.mjs';

function main() {
  if (!process.env.FIREBASE_WEB_CONFIG) {
    console.error(
      'FIREBASE_WEB_CONFIG is not set: give the web app config of the Firebase project (JSON with apiKey, authDomain, projectId, …).',
    );
    process.exit(1);
  }
  const deployment = deploymentFromEnv();
  const appConfig = appConfigFor(deployment, {
    webConfig: JSON.parse(process.env.FIREBASE_WEB_CONFIG),
    adminEmails: (process.env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim())
      .filter(Boolean),
  });
  stageBuilds(path.join(repoRoot, STAGING_DIR), deployment, appConfig);
  const shellPages = process.env.SHELL_PAGES === 'server' ? 'server' : 'static';
  writeHostingSection(path.join(repoRoot, 'firebase.json'), hostingConfig(deployment, { appConfig, shellPages }));
  console.log(`staged ${webApps.length} sites in ${STAGING_DIR}/ and wrote firebase.json's hosting section for:`);
  for (const app of webApps) console.log(`  ${app.workspace.padEnd(16)} ${deployment.origins[app.workspace]}`);
  console.log(`  /api/**          Cloud Run ${deployment.api.serviceId} (${deployment.api.region})`);
  if (shellPages === 'server') {
    console.log(`  shell pages      Cloud Run ${deployment.shellServer.serviceId} (${deployment.shellServer.region})`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
