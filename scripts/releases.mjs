#!/usr/bin/env node
// `npm run releases`: release-tooling's cli/releases (tooling/release/src/cli/releases.ts), run through tsx (docs/releasing.md).
import { register } from 'tsx/cjs/api';

register();
const require = (await import('node:module')).createRequire(import.meta.url);
require('release-tooling/cli/releases');
