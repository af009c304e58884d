/**
 * zod/mini as this package uses it; import `z` from here, not from 'zod/mini'. Without `jitless`,
 * building the first object schema probes `new Function`, which the shell's Content-Security-Policy
 * (no 'unsafe-eval') reports as a violation even though zod catches the error. Set before any
 * schema exists (ES modules run their imports first). The interpreted parser is plenty for
 * config files and API answers.
 */
import * as z from 'zod/mini';

z.config({ jitless: true });

export { z };
