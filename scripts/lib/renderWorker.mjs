// One render thread of the shell's server (see renderPool.mjs): loads the shell's renderer from
// its server build and renders the pages the main thread sends, one message per page.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const { bundle, config } = workerData;

const ready = require(bundle)
  .loadRenderer()
  .then((renderer) => {
    renderer.configure(config);
    return renderer;
  });
// A renderer that cannot load fails each page it is sent (the main thread logs those), not the thread.
ready.catch(() => undefined);

parentPort.on('message', async ({ id, request }) => {
  try {
    const page = await (await ready).renderPage(request);
    parentPort.postMessage({ id, page });
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    try {
      parentPort.postMessage({ id, error: failure });
    } catch {
      // Something the error carries (its cause, say) cannot cross threads: its text can.
      parentPort.postMessage({ id, error: new Error(failure.stack ?? failure.message) });
    }
  }
});
