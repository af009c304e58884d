/**
 * The release service as it is deployed, as child processes: its production entry point, configured
 * only by its environment. An instance killed (the failpoint's SIGKILL) is started again at once,
 * as a process manager would; `ready()` resolves when every instance answers its health check.
 */
import { builtServiceEntry } from 'local-stack/services.mjs';
import {
  isRunning,
  startWorkspaceService,
  stopService,
  waitForHealthy,
  type Service,
} from 'local-stack/topology/processes';

/** The one place that names the service under test (its production command: local-stack/services.mjs). */
export const RELEASE_SERVICE = { workspace: 'release-service' } as const;

export interface ServiceInstance {
  port: number;
  /** The process's id now (a restarted instance has a new one): what the bench reads CPU time of. */
  pid(): number | undefined;
  /** How many times it died of a SIGKILL nobody here sent (the failpoint's). */
  readonly kills: number;
  running(): boolean;
  output(): string;
}

export interface ServiceInstances {
  instances: ServiceInstance[];
  /** Resolves once every instance (restarted ones included) answers /api/health. */
  ready(): Promise<void>;
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

export async function startServiceInstances(
  ports: number[],
  settings: Record<string, string>,
): Promise<ServiceInstances> {
  let stopping = false;
  const entry = await builtServiceEntry(RELEASE_SERVICE.workspace);
  const instances = ports.map((port) => {
    const health = `http://127.0.0.1:${port}/api/health`;
    let service: Service;
    let readiness: Promise<void>;
    let kills = 0;
    const start = () => {
      service = startWorkspaceService(entry, port, settings);
      readiness = waitForHealthy(service, health);
      // Its failure is reported by ready(); a rejection nobody awaits yet must not end the run.
      readiness.catch(() => {});
      // Only a SIGKILL is the fault under test; any other exit is a failure ready() reports.
      void service.exited.then((how) => {
        if (stopping || how !== 'SIGKILL') return;
        kills += 1;
        start();
      });
    };
    start();
    /**
     * Up when its health check answers now: a process just killed may not have been seen to exit
     * yet (nginx's 502 can come first), so the answer, not the process table, decides; a refused
     * check waits for the exit, after which the restarted process is awaited.
     */
    const ready = async () => {
      for (;;) {
        const current = service;
        await readiness;
        if (await answers(health)) return;
        await current.exited;
        if (service === current)
          throw new Error(`${current.name} exited (${await current.exited}):\n${current.output()}`);
      }
    };
    return {
      instance: {
        port,
        get kills() {
          return kills;
        },
        pid: () => service.child.pid,
        running: () => isRunning(service),
        output: () => service.output(),
      },
      ready,
      stop: () => stopService(service),
    };
  });
  return {
    instances: instances.map(({ instance }) => instance),
    ready: () => Promise.all(instances.map((entry) => entry.ready())).then(() => undefined),
    async stop() {
      stopping = true;
      await Promise.all(instances.map((entry) => entry.stop()));
    },
  };
}
