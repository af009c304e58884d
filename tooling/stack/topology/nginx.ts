// nginx in front of web-server, article-api and release-service instances, as a deployment would
// put it: /api/ to the article-api instances, /release-service/api/ to the release service's (as
// /api/), everything else to the web servers, from a config generated into a
// temporary folder (pid, logs and every temp path inside it) and run in the foreground on loopback.
// Used by the topology test (e2e/tests/topology.spec.ts) and the benchmark's topology part.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startService, stopService, waitForHealthy, type Service } from './processes';

const NGINX = '/usr/sbin/nginx';

export interface NginxOptions {
  port: number;
  /** None: only /api/ is proxied (the fault tests put the service alone behind it). */
  webServerPorts: number[];
  apiPorts: number[];
  /** The release service's instances; none: no /release-service/ location. */
  releasePorts?: number[];
}

/** Where the release service answers through the proxy (its /api/ under this prefix). */
export const RELEASE_SERVICE_PATH = '/release-service';

/**
 * The proxy's configuration. Every choice below is one a production config needs for a restart
 * or a crash of one instance to go unnoticed:
 * - `proxy_next_upstream error timeout http_502 http_503`: a request that meets a refused or
 *   reset connection (a killed instance), a timeout, or a 502/503 (a draining instance) is sent
 *   to the other instance. nginx does this for idempotent requests only (GET, HEAD…); a POST or
 *   PUT is never sent twice unless `non_idempotent` is added, and it is not.
 * - `max_fails=1 fail_timeout=1s`: a dead instance is skipped after its first failure and tried
 *   again a second later, so a restarted instance is back in rotation within a second.
 * - short connect timeouts: on loopback a dead instance refuses at once, but an instance that
 *   hangs must not hold a request for the default 60 s before the other is tried.
 * - upstream keepalive with `keepalive_timeout` below the server's own idle timeout (Node's HTTP
 *   server closes an idle connection after 5 s, Fastify after 72 s): otherwise nginx may reuse a
 *   connection at the moment the server closes it, which a POST would not survive.
 * - `Host` is passed on as the client sent it, with X-Forwarded-Host/-Proto/-For: the web server
 *   must build its canonical URLs from SITE_ORIGIN whatever these say, and the test sends forged
 *   ones through here to prove it.
 * - the access log records which upstream(s) answered each request: a retried request names two.
 * - `least_conn` for the web servers: a page render holds its instance's render thread for a few
 *   milliseconds, so a burst sent round robin queues behind a busy instance while the other is
 *   idle; the instance with fewer requests in flight is the one with the shorter queue (uncached
 *   p99 at 100 req/s in bursts of 10: 35 ms round robin, 24 · 25 · 33 ms least_conn in three runs,
 *   docs/deployment.md).
 */
export function nginxConfig(dir: string, { port, webServerPorts, apiPorts, releasePorts = [] }: NginxOptions): string {
  const servers = (ports: number[]) =>
    ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=1s;`).join('\n');
  // Without web servers (the fault tests put the service alone behind nginx) only /api/ is proxied.
  const webUpstream =
    webServerPorts.length === 0
      ? ''
      : `  upstream web_servers {
    least_conn;
${servers(webServerPorts)}
    keepalive 32;
    keepalive_timeout 4s;
  }`;
  return `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format topology '$status $request_method "$request_uri" upstream=$upstream_addr statuses=$upstream_status';
  access_log ${dir}/access.log topology;
  client_body_temp_path ${dir}/client_body_temp;
  proxy_temp_path ${dir}/proxy_temp;
  fastcgi_temp_path ${dir}/fastcgi_temp;
  uwsgi_temp_path ${dir}/uwsgi_temp;
  scgi_temp_path ${dir}/scgi_temp;

${webUpstream}
  upstream article_api {
${servers(apiPorts)}
    keepalive 16;
    keepalive_timeout 60s;
  }
${
  releasePorts.length > 0
    ? `  upstream release_service {
${servers(releasePorts)}
    keepalive 16;
    keepalive_timeout 60s;
  }
`
    : ''
}
  server {
    listen 127.0.0.1:${port};
    server_name localhost;

    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-Host $http_host;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;

    proxy_connect_timeout 1s;
    proxy_send_timeout 30s;
    proxy_read_timeout 30s;
    proxy_next_upstream error timeout http_502 http_503;
    proxy_next_upstream_tries 2;
    proxy_next_upstream_timeout 30s;
    # A whole page fits the buffers: nginx reads it off the instance at once, not to a temp file.
    proxy_buffer_size 16k;
    proxy_buffers 16 16k;

    location /api/ {
      proxy_pass http://article_api;
    }
${releasePorts.length > 0 ? `    location ${RELEASE_SERVICE_PATH}/api/ {\n      proxy_pass http://release_service/api/;\n    }` : ''}
    location / {
      ${webServerPorts.length === 0 ? 'return 404;' : 'proxy_pass http://web_servers;'}
    }
  }
}
`;
}

export interface ProxiedRequest {
  status: number;
  uri: string;
  /** Every instance nginx tried, in order ("127.0.0.1:<port>"): two when it sent the request again. */
  upstreams: string[];
}

/** One access-log line in the `topology` format above. */
const parseLine = (line: string): ProxiedRequest => {
  const match = /^(\d+) \S+ "(.*)" upstream=(.*) statuses=/.exec(line);
  return {
    status: Number(match?.[1] ?? 0),
    uri: match?.[2] ?? '',
    upstreams: (match?.[3] ?? '').split(/, | : /).filter((upstream) => upstream !== '-'),
  };
};

export interface Nginx {
  origin: string;
  /** The requests nginx has logged so far, oldest first. */
  accessLog(): ProxiedRequest[];
  stop(): Promise<void>;
}

export async function startNginx(options: NginxOptions): Promise<Nginx> {
  if (!fs.existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install -y nginx (.ci/run does this)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'topology-nginx-'));
  // Started as root, nginx's workers run as nobody: they must reach the temp paths in here.
  fs.chmodSync(dir, 0o755);
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(dir, options));
  // -e: the error log from the first moment, before the config is read (else /var/log/nginx).
  const nginx: Service = startService(
    'nginx',
    NGINX,
    ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'],
    { env: { PATH: process.env.PATH ?? '/usr/sbin:/usr/bin:/bin' } },
  );
  const origin = `http://localhost:${options.port}`;
  const readLog = (name: string) => {
    try {
      return fs.readFileSync(path.join(dir, name), 'utf8');
    } catch {
      return '';
    }
  };
  try {
    // The proxy is up when a web server (or, alone, an API instance) answers through it.
    const readiness = options.webServerPorts.length === 0 ? '/api/health' : '/healthz';
    await waitForHealthy(nginx, `${origin}${readiness}`, 20_000);
  } catch (error) {
    await stopService(nginx, 'SIGKILL');
    throw new Error(`${(error as Error).message}\n${readLog('error.log')}`);
  }
  return {
    origin,
    accessLog: () => readLog('access.log').split('\n').filter(Boolean).map(parseLine),
    stop: async () => {
      // SIGTERM: a fast shutdown; the test is over, nothing is in flight.
      await stopService(nginx, 'SIGTERM', 5_000);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
