/**
 * The app a test file talks to, built and listening on a loopback port before its tests and closed
 * after them: one set-up per file (or per `describe` it is called in), not per test. Each service
 * binds these to its own test builder (`testAppHooks(buildTestApp)` in its test/support).
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { listen, type Send, type TestRequest } from './http';

export type UseTestAppOptions<Options> = Options & {
  /**
   * Builds the app when the hooks run, after those registered before this call (a temporary
   * directory, a database server, the Auth emulator): for an app that needs what they made, or one
   * built another way (a real Firebase project), without buildTestApp's defaults.
   */
  build?: () => FastifyInstance;
  /**
   * `test` gives each test an app of its own (and a fresh database), for tests that rely on
   * exactly the seeded data; `file` (the default) shares one app between the tests.
   */
  per?: 'file' | 'test';
};

export interface TestAppHandle {
  /** The running app (read it inside a test or hook). */
  readonly app: FastifyInstance;
  readonly port: number;
  /** http://127.0.0.1:<port> */
  readonly baseUrl: string;
  send: Send;
}

export interface RunningApp {
  app: FastifyInstance;
  port: number;
  send: Send;
}

/** Listens on an ephemeral 127.0.0.1 port; `app.close()` stops it. */
export async function serve(app: FastifyInstance): Promise<RunningApp> {
  const send = await listen(app);
  return { app, port: (app.server.address() as AddressInfo).port, send };
}

/** `useTestApp` and `useAppsPerTest` for a service whose tests build apps with `buildTestApp`. */
export function testAppHooks<Options extends object>(buildTestApp: (options?: Options) => FastifyInstance) {
  /** Registers the hooks and returns accessors to the app. */
  function useTestApp(
    { build, per = 'file', ...appOptions }: UseTestAppOptions<Options> = {} as Options,
  ): TestAppHandle {
    let running: RunningApp | undefined;
    const current = (): RunningApp => {
      if (!running) throw new Error('useTestApp: the app runs only inside the tests and hooks after this call');
      return running;
    };

    const setUp = async () => {
      running = await serve(build ? build() : buildTestApp(appOptions as unknown as Options));
    };
    const tearDown = async () => {
      await running?.app.close();
      running = undefined;
    };
    if (per === 'test') {
      beforeEach(setUp);
      afterEach(tearDown);
    } else {
      beforeAll(setUp);
      afterAll(tearDown);
    }

    return {
      get app() {
        return current().app;
      },
      get port() {
        return current().port;
      },
      get baseUrl() {
        return `http://127.0.0.1:${current().port}`;
      },
      send: (request: TestRequest) => current().send(request),
    };
  }

  /**
   * For tests that start apps of their own (other settings, a restart on the same database): each
   * app `startApp` builds is closed after its test, passed or failed.
   */
  function useAppsPerTest(): (options?: Options) => Promise<RunningApp> {
    const apps: FastifyInstance[] = [];
    afterEach(async () => {
      await Promise.all(apps.splice(0).map((app) => app.close()));
    });
    return (options) => {
      const app = buildTestApp(options);
      apps.push(app);
      return serve(app);
    };
  }

  return { useTestApp, useAppsPerTest };
}
