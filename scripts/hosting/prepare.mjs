#!/usr/bin/env node
// `npm run hosting:prepare`: stages the production builds for Firebase Hosting in .hosting/<app>/
// (Hosting compresses by itself, so the .br/.gz copies stay behind), writes the shell's runtime
// files (/mf-remotes.json, /app-config.json) for the deployment, and writes firebase.json's
// "hosting" section for it. Then: `npx firebase deploy --only hosting --project <id>`.
//
// The deployment comes from the environment (hosting.mjs `deploymentFromEnv`): SHELL_ORIGIN,
// PUBLIC_SITE_ORIGIN, BUSINESS_PORTAL_ORIGIN, ADMIN_CONSOLE_ORIGIN, FIREBASE_WEB_CONFIG (required:
// the web app's config JSON), ADMIN_EMAILS, API_SERVICE, API_REGION, and SHELL_PAGES=server (with
// SHELL_SERVICE) to have the shell's server render the pages instead of the static index.html.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { distDir, repoRoot, webApps } from '../lib/apps.mjs';
import { appConfigFor, deploymentFromEnv, hostingConfig, registryFor, STAGING_DIR } from './hosting.mjs';

const SKIPPED = /\.(br|gz)$/;

/** Copies each app's dist into `<stagingRoot>/<app>` and writes the shell's runtime files. */
export function stageBuilds(stagingRoot, deployment, appConfig) {
  for (const app of webApps) {
    const dist = distDir(app.workspace);
    if (!fs.existsSync(path.join(dist, app.isHost ? 'index.html' : 'mf-manifest.json'))) {
      throw new Error(`${app.workspace} is not built: run npm run build first`);
    }
    const target = path.join(stagingRoot, app.workspace);
    fs.rmSync(target, { recursive: true, force: true });
    fs.cpSync(dist, target, { recursive: true, filter: (source) => !SKIPPED.test(source) });
    if (app.isHost) {
      fs.writeFileSync(path.join(target, 'mf-remotes.json'), JSON.stringify(registryFor(deployment)));
      fs.writeFileSync(path.join(target, 'app-config.json'), JSON.stringify(appConfig));
    }
  }
}

/** Replaces firebase.json's "hosting" section, keeping everything else (the emulators) as it is. */
export function writeHostingSection(firebaseJsonPath, hosting) {
  const firebaseJson = JSON.parse(fs.readFileSync(firebaseJsonPath, 'utf8'));
  firebaseJson.hosting = hosting;
  fs.writeFileSync(firebaseJsonPath, `${JSON.stringify(firebaseJson, null, 2)}\n`);
}

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
