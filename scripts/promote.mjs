#!/usr/bin/env node
// `npm run promote`: release-tooling's cli/promote (tooling/release/src/cli/promote.ts), run through tsx (docs/releasing.md).
import { register } from 'tsx/cjs/api';

register();
const require = (await import('node:module')).createRequire(import.meta.url);
require('release-tooling/cli/promote');
