// Server rendering on worker threads. A page takes a few milliseconds of CPU to render; on the
// shell server's own thread those milliseconds queue every other request behind them (cached
// pages, static files, compression), and only one core renders however many the machine has.
// The pool keeps one renderer per thread and sends each page to the thread with the fewest
// pages in hand. A thread that dies or stops answering is replaced; the pages it held fail, and
// their requests get the client-rendered page, as for any failed render. A thread's start (loading
// the renderer) has a limit of its own: a page sent meanwhile waits for it, and its time to answer
// runs from the start, so a busy machine's slow start is never taken for a stuck page.
import { Worker } from 'node:worker_threads';
import type { RenderedPage, RenderRequest } from 'shell/server-contract';

/** Beside this module in dist/ (web-server/build.mjs builds both). */
const WORKER_FILE = new URL('./renderWorker.js', import.meta.url);
/** renderPage gives up after 3 s itself; a thread silent for longer than this is stuck. */
const STUCK_AFTER_MS = 5000;
/** A thread that has not loaded the renderer in this long is replaced like a stuck one. */
const START_LIMIT_MS = 60_000;
/** A dead thread is replaced after this pause (not in a tight loop if it dies while starting). */
const REPLACE_AFTER_MS = 1000;
/**
 * Nearly all a render allocates dies with its page. With a worker's default young generation a
 * thread stopped to scavenge every ≈ 25 article pages, with 64 MB every ≈ 47; bursts of uncached
 * renders had a p99 of 50 ms rather than 55–61 ms (medians of nine interleaved runs,
 * docs/log.md), for ≈ 27 MB more memory a thread.
 */
const YOUNG_GENERATION_MB = 64;

export interface RenderPoolOptions {
  /** the shell's server build (dist/server/main.js) */
  bundle: string;
  /** what each thread's renderer is configured with */
  config: object;
  /** threads (≥ 1) */
  size: number;
  log?: (message: string, error?: unknown) => void;
  /** a page unanswered this long fails; its thread is replaced */
  stuckAfterMs?: number;
  /** a thread not started (renderer loaded) this long is replaced */
  startLimitMs?: number;
  /** pause before a dead thread's replacement starts */
  replaceAfterMs?: number;
  /** the thread's module (tests build one from the source) */
  workerFile?: URL | string;
}

export interface RenderPool {
  /**
   * The page rendered on the least busy thread; rejects as the renderer does, or when no thread
   * is running, or when the thread does not answer in time (that thread is then replaced).
   */
  renderPage(request: RenderRequest): Promise<RenderedPage>;
  /**
   * Loads a public-site release on every running thread (each renders with its own copy); rejects
   * if a thread could not. No page's time limit: a load slower than a page (a busy machine) is not
   * a stuck thread.
   */
  loadRelease(manifestUrl: string): Promise<void>;
  /** Resolves once every thread first started has loaded the renderer (or stopped trying). */
  started(): Promise<void>;
  close(): Promise<void>;
}

interface Job {
  resolve: (page: RenderedPage) => void;
  reject: (reason: unknown) => void;
  /** a page (timed: unanswered past its limit, its thread is stuck), not a release's load */
  timed: boolean;
  /** set once the thread has started: a page's time to answer runs from then */
  timer?: NodeJS.Timeout;
}
interface Thread {
  worker: Worker;
  pending: Map<number, Job>;
  /** until the thread has loaded the renderer: the timer of its start */
  starting: NodeJS.Timeout | null;
  /** resolves when the thread has started or ended */
  started: Promise<void>;
}

export function createRenderPool({
  bundle,
  config,
  size,
  log = console.error,
  stuckAfterMs = STUCK_AFTER_MS,
  replaceAfterMs = REPLACE_AFTER_MS,
  startLimitMs = START_LIMIT_MS,
  workerFile = WORKER_FILE,
}: RenderPoolOptions): RenderPool {
  let nextId = 0;
  let closed = false;
  const threads: (Thread | null)[] = new Array<Thread | null>(size).fill(null);

  /** A page's time to answer: past it, the page fails and its thread is replaced. */
  const timeOut = (thread: Thread, id: number, job: Job) => {
    job.timer = setTimeout(() => {
      thread.pending.delete(id);
      job.reject(new Error(`the render thread did not answer within ${stuckAfterMs} ms`));
      void thread.worker.terminate();
    }, stuckAfterMs);
  };

  const start = (slot: number) => {
    const worker = new Worker(workerFile, {
      workerData: { bundle, config },
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    let markStarted = () => {};
    const thread: Thread = {
      worker,
      pending: new Map(),
      // Not unref'd: while a thread starts, the server waits for it to listen, and nothing else may
      // keep the process alive (an unref'd thread and timer let it exit with code 0 here).
      starting: setTimeout(() => void worker.terminate(), startLimitMs),
      started: new Promise<void>((resolve) => (markStarted = resolve)),
    };
    threads[slot] = thread;
    const started = () => {
      clearTimeout(thread.starting ?? undefined);
      thread.starting = null;
      markStarted();
    };

    type Message = { started?: true; id: number; page?: RenderedPage; error?: unknown };
    worker.on('message', ({ started: hasStarted, id, page, error }: Message) => {
      if (hasStarted) {
        started();
        for (const [pendingId, job] of thread.pending) if (job.timed) timeOut(thread, pendingId, job);
        return;
      }
      const job = thread.pending.get(id);
      if (!job) return;
      thread.pending.delete(id);
      clearTimeout(job.timer);
      if (error) job.reject(error);
      else job.resolve(page!);
    });
    // 'error' (an exception nothing caught) is followed by 'exit'; the first one ends the thread.
    const end = (reason: unknown) => {
      if (threads[slot] !== thread) return;
      threads[slot] = null;
      started();
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
    worker.on('exit', (code: number) => end(new Error(`the render thread exited (code ${code})`)));
    // The threads never keep the process alive once the server has closed. After the listeners:
    // adding a 'message' listener refs the worker again.
    worker.unref();
  };

  for (let slot = 0; slot < size; slot++) start(slot);

  /** Sends one message; its answer settles the promise. */
  const send = <T>(thread: Thread, message: object, timed: boolean) => {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      const job: Job = { resolve: resolve as (page: RenderedPage) => void, reject, timed };
      thread.pending.set(id, job);
      if (timed && thread.starting === null) timeOut(thread, id, job);
      thread.worker.postMessage({ id, ...message });
    });
  };

  return {
    renderPage(request) {
      const live = threads.filter((thread): thread is Thread => thread !== null);
      if (live.length === 0) return Promise.reject(new Error('no render thread is running'));
      // A started thread before one still loading the renderer (a replacement, say).
      const running = live.filter((thread) => thread.starting === null);
      const thread = (running.length > 0 ? running : live).reduce((least, other) =>
        other.pending.size < least.pending.size ? other : least,
      );
      return send<RenderedPage>(thread, { request }, true);
    },
    async loadRelease(manifestUrl) {
      const live = threads.filter((thread): thread is Thread => thread !== null);
      await Promise.all(live.map((thread) => send<null>(thread, { release: manifestUrl }, false)));
    },
    async started() {
      await Promise.all(threads.map((thread) => thread?.started));
    },
    async close() {
      closed = true;
      await Promise.all(
        threads.map((thread) => {
          clearTimeout(thread?.starting ?? undefined);
          return thread?.worker.terminate();
        }),
      );
    },
  };
}
