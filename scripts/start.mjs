#!/usr/bin/env node
// `npm start`: builds what is missing or stale, then runs the whole product and prints its URL.
import { buildApps } from './build.mjs';
import { ports } from './lib/apps.mjs';
import { startStack } from './lib/stack.mjs';

async function main() {
  buildApps({ onlyStale: true });
  console.log('▶ starting auth emulator, article API, remotes and shell ...');
  const stack = await startStack();
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n■ stopping ...');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  console.log(`
  AIまなび is running
    shell            ${stack.shellUrl}
    public-site      http://localhost:${ports['public-site']}/
    business-portal  http://localhost:${ports['business-portal']}/
    admin-console    http://localhost:${ports['admin-console']}/
    article API      http://localhost:${ports.api}/api
    auth emulator    http://localhost:${ports.authEmulator}/   (sign in as admin@example.com for the admin console)

  Open ${stack.shellUrl}   (Ctrl-C stops everything)
`);
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exit(1);
});
