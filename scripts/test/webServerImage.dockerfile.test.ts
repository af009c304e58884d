import {
  all,
  command,
  imageEnv,
  one,
  stagedInBuild,
  stages,
  stagingOut,
  stagingScript,
  workdir,
} from './support/webServerImage/dockerfile';

/**
 * The instructions of deploy/web-server.Dockerfile that no run can show: base images, the user,
 * what is copied, the signal. webServerImage.test.ts runs what the image would.
 */
describe('deploy/web-server.Dockerfile', () => {
  it('builds and runs on Node 24 LTS, slim, and ships only the staged folder, as the unprivileged node user', () => {
    expect(stages.map((stage) => stage.from.split(/\s+/)[0])).toEqual([
      'node:24-bookworm-slim',
      'node:24-bookworm-slim',
    ]);
    expect(stagingScript).toBe('deploy/stage-web-server.mjs');
    expect(stagedInBuild).toBe(stagingOut);
    expect(one('COPY')).toBe(`--from=build ${stagingOut} ${workdir}`);
    expect(all('RUN')).toEqual([]);
    expect(one('USER')).toBe('node');
  });

  it('runs node itself as PID 1 (exec form), stops it with SIGTERM and exposes the port it listens on', () => {
    expect(command).toEqual(['node', 'web-server/dist/main.js']);
    expect(one('STOPSIGNAL')).toBe('SIGTERM');
    expect(imageEnv).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0' });
    expect(one('EXPOSE')).toBe(imageEnv.PORT);
    expect(Number(imageEnv.DRAIN_TIMEOUT_MS)).toBeLessThan(10_000); // docker stop's default grace
  });
});
