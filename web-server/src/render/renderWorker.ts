// One render thread of the web server (see renderPool.ts): loads the shell's renderer from
// its server build and renders the pages the main thread sends, one message per page.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { RenderRequest, ShellRenderer } from 'shell/server-contract';

const require = createRequire(import.meta.url);
const { bundle, config } = workerData as { bundle: string; config: { apiBaseUrl: string } };
const port = parentPort!;

const ready = (require(bundle) as { loadRenderer(): Promise<ShellRenderer> }).loadRenderer().then((renderer) => {
  renderer.configure(config);
  return renderer;
});
// The pool times a page from the moment the thread says it has started (loading the renderer can
// take seconds on a busy machine). A renderer that cannot load fails each page it is sent (the
// main thread logs those), not the thread: it says it has started all the same.
void ready.catch(() => undefined).then(() => port.postMessage({ started: true }));

/** A page to render, or a public-site release to load ahead of its pages (`release`: its manifest URL). */
type Message = { id: number; request: RenderRequest; release?: undefined } | { id: number; release: string };

port.on('message', async (message: Message) => {
  const { id } = message;
  try {
    const renderer = await ready;
    if (message.release !== undefined) {
      await renderer.loadRelease(message.release);
      port.postMessage({ id, page: null });
      return;
    }
    const page = await renderer.renderPage(message.request);
    port.postMessage({ id, page });
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    try {
      port.postMessage({ id, error: failure });
    } catch {
      // Something the error carries (its cause, say) cannot cross threads: its text can.
      port.postMessage({ id, error: new Error(failure.stack ?? failure.message) });
    }
  }
});
