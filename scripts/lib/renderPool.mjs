// Server rendering on worker threads. A page takes a few milliseconds of CPU to render; on the
// shell server's own thread those milliseconds queue every other request behind them (cached
// pages, static files, compression), and only one core renders however many the machine has.
// The pool keeps one renderer per thread and sends each page to the thread with the fewest
// pages in hand. A thread that dies or stops answering is replaced; the pages it held fail, and
// their requests get the client-rendered page, as for any failed render.
import os from 'node:os';
import { Worker } from 'node:worker_threads';

const WORKER_FILE = new URL('./renderWorker.mjs', import.meta.url);
/** renderPage gives up after 3 s itself; a thread silent for longer than this is stuck. */
const STUCK_AFTER_MS = 5000;
/** A dead thread is replaced after this pause (not in a tight loop if it dies while starting). */
const REPLACE_AFTER_MS = 1000;
const MAX_THREADS = 4;
/**
 * Nearly all a render allocates dies with its page. With a worker's default young generation a
 * thread stopped to scavenge every ≈ 25 article pages, with 64 MB every ≈ 47; bursts of uncached
 * renders had a p99 of 50 ms rather than 55–61 ms (medians of nine interleaved runs,
 * docs/performance/server-rendering-log.md), for ≈ 27 MB more memory a thread.
 */
const YOUNG_GENERATION_MB = 64;

/**
 * Render threads for this machine: one per core, at most 4, unless `SSR_THREADS` says how many
 * (0: render on the server's own thread).
 */
export function renderThreadCount(env = process.env, log = console.error) {
  const cores = Math.min(os.availableParallelism(), MAX_THREADS);
  if (env.SSR_THREADS === undefined || env.SSR_THREADS === '') return cores;
  const count = Number(env.SSR_THREADS);
  if (Number.isInteger(count) && count >= 0) return count;
  log(`SSR_THREADS must be a whole number (0 renders on the server's own thread); using ${cores}`);
  return cores;
}

/**
 * @param {object} options
 * @param {string} options.bundle   the shell's server build (dist/server/main.js)
 * @param {object} options.config   what each thread's renderer is configured with
 * @param {number} options.size     threads (≥ 1)
 * @param {(message: string, error?: unknown) => void} [options.log]
 * @param {number} [options.stuckAfterMs]    a page unanswered this long fails; its thread is replaced
 * @param {number} [options.replaceAfterMs]  pause before a dead thread's replacement starts
 */
export function createRenderPool({
  bundle,
  config,
  size,
  log = console.error,
  stuckAfterMs = STUCK_AFTER_MS,
  replaceAfterMs = REPLACE_AFTER_MS,
}) {
  let nextId = 0;
  let closed = false;
  /** @type {({ worker: Worker, pending: Map<number, { resolve: Function, reject: Function, timer: NodeJS.Timeout }> } | null)[]} */
  const threads = new Array(size).fill(null);

  const start = (slot) => {
    const worker = new Worker(WORKER_FILE, {
      workerData: { bundle, config },
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    const thread = { worker, pending: new Map() };
    threads[slot] = thread;

    worker.on('message', ({ id, page, error }) => {
      const job = thread.pending.get(id);
      if (!job) return;
      thread.pending.delete(id);
      clearTimeout(job.timer);
      if (error) job.reject(error);
      else job.resolve(page);
    });
    // 'error' (an exception nothing caught) is followed by 'exit'; the first one ends the thread.
    const end = (reason) => {
      if (threads[slot] !== thread) return;
      threads[slot] = null;
      for (const job of thread.pending.values()) {
        clearTimeout(job.timer);
        job.reject(reason);
      }
      thread.pending.clear();
      if (closed) return;
      log('a render thread stopped; starting another', reason);
      setTimeout(() => closed || start(slot), replaceAfterMs).unref();
    };
    worker.on('error', end);
    worker.on('exit', (code) => end(new Error(`the render thread exited (code ${code})`)));
    // The threads never keep the process alive once the server has closed. After the listeners:
    // adding a 'message' listener refs the worker again.
    worker.unref();
  };

  for (let slot = 0; slot < size; slot++) start(slot);

  return {
    /**
     * The page rendered on the least busy thread; rejects as the renderer does, or when no thread
     * is running, or when the thread does not answer in time (that thread is then replaced).
     * @param {import('../../shell/src/server/renderPage').RenderRequest} request
     */
    renderPage(request) {
      const live = threads.filter((thread) => thread !== null);
      if (live.length === 0) return Promise.reject(new Error('no render thread is running'));
      const thread = live.reduce((least, other) => (other.pending.size < least.pending.size ? other : least));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          thread.pending.delete(id);
          reject(new Error(`the render thread did not answer within ${stuckAfterMs} ms`));
          void thread.worker.terminate();
        }, stuckAfterMs);
        thread.pending.set(id, { resolve, reject, timer });
        thread.worker.postMessage({ id, request });
      });
    },
    async close() {
      closed = true;
      await Promise.all(threads.map((thread) => thread?.worker.terminate()));
    },
  };
}
