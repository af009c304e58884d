#!/usr/bin/env node
// `npm run canary`: release-tooling's cli/canary (tooling/release/src/cli/canary.ts), run through tsx (docs/releasing.md).
import { register } from 'tsx/cjs/api';

register();
const require = (await import('node:module')).createRequire(import.meta.url);
require('release-tooling/cli/canary');
