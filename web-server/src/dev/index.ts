// The web server's development entry (`web-server/dev`): what only the local stack (`npm start`,
// `npm run dev`, the browser suite's stack) uses — the remotes served from their folders, the shell
// server started in-process, the dev page handler — apart from the library (index.ts) and the
// production command (main.ts), which never load it.
export { createDevPageHandler, devDistDir, type DevPageHandlerOptions } from './devPageHandler';
export { createRemoteServer, createShellServer } from '../http/shellServer';
export { defaultRenderThreads } from '../config/config';
