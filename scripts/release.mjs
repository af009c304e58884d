#!/usr/bin/env node
// `npm run release`: release-tooling's cli/release (tooling/release/src/cli/release.ts), run through tsx (docs/releasing.md).
import { register } from 'tsx/cjs/api';

register();
const require = (await import('node:module')).createRequire(import.meta.url);
require('release-tooling/cli/release');
