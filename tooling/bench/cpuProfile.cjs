// Preloaded into a process under the bench (NODE_OPTIONS=--require, which may not carry
// --cpu-prof): profiles its CPU from start to exit and writes the V8 profile into
// BENCH_CPU_PROFILE_DIR (open it in Chrome DevTools' Performance panel). The in-process inspector
// session answers synchronously, so the profile is still written on the `exit` event.
const fs = require('node:fs');
const path = require('node:path');
const inspector = require('node:inspector');

const dir = process.env.BENCH_CPU_PROFILE_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  process.once('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
