// The web server's development entry (`web-server/dev`): what only `npm run dev` uses, apart from
// the library the production stack imports (index.ts), so the production command never loads it.
export { createDevPageHandler, devDistDir, type DevPageHandlerOptions } from './devPageHandler';
