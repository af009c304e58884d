#!/usr/bin/env node
// `web-server`: the shell's production server (the container's command). Configuration from the
// environment, validated before anything listens (config.ts); SIGTERM drains and exits.
import os from 'node:os';
import { ConfigError, configFromEnvironment } from './config/config';
import { createShellServer } from './http/shellServer';

function start() {
  let config;
  try {
    config = configFromEnvironment(process.env, { cores: os.availableParallelism() });
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  const server = createShellServer(config);
  server.listen().then(
    () => {
      console.log(
        JSON.stringify({
          message: 'web-server listening',
          host: config.host,
          port: server.port(),
          siteOrigin: config.siteOrigin,
          renderThreads: config.serverRendering ? config.renderThreads : 0,
        }),
      );
    },
    (error: Error) => {
      console.error(`web-server could not listen on ${config.host}:${config.port}: ${error.message}`);
      process.exit(1);
    },
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(JSON.stringify({ message: `${signal}: draining`, timeoutMs: config.drainTimeoutMs }));
    server.drain(config.drainTimeoutMs).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

start();
