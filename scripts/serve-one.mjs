#!/usr/bin/env node
// `npm run serve -w <app>`: serves one built web app on its port exactly as `npm start` serves it
// (same server, headers, CSP and, for the shell, registry, runtime config and server rendering),
// and nothing else: the other apps, the API and the emulator are up to you.
// PORT overrides the port (0: any free one); MF_OUTPUT_DIR serves a build made into that folder.
import { distDir, webApps } from 'local-stack/apps.mjs';
import { webAppServer } from 'local-stack/stack.mjs';

const [workspace] = process.argv.slice(2);
const app = webApps.find((candidate) => candidate.workspace === workspace);
if (!app) {
  console.error(`usage: node scripts/serve-one.mjs <${webApps.map((a) => a.workspace).join('|')}>`);
  process.exit(2);
}

try {
  const server = webAppServer(app, {
    port: process.env.PORT ? Number(process.env.PORT) : app.port,
    root: process.env.MF_OUTPUT_DIR ?? distDir(app.workspace),
  });
  const listening = await server.listen();
  console.log(`${app.workspace} on http://localhost:${listening.address().port}/ (Ctrl-C stops it)`);
  const stop = () => server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
