// Server-rendered pages: the page's scripts (and their preloads) start only once the server's
// HTML has been painted, so on a slow connection the first paint does not share the bandwidth
// with about 170 KB of JavaScript. The tags are in the page as a JSON data block
// (scripts/lib/serverRendering.mjs). "Painted" is the browser's own first-contentful-paint entry:
// a frame is only presented some time after its requestAnimationFrame callback, and a script
// started in between still competes with it. A hidden tab paints nothing: it starts them at once.
(() => {
  const data = document.getElementById('after-paint');
  if (!data) return;
  let started = false;
  // One tag a task: inserting a <script> or a preload <link> starts its request there and then,
  // which took 3–7 ms a tag on this machine (12–27 ms on a phone, 4× slower): the fourteen tags in
  // one go were a task of 75–190 ms on a painted page (Lighthouse's long tasks), in turns none is.
  // main.js comes first: it is the one the page waits on.
  const insert = (tags) => {
    const tag = tags.shift();
    if (tag === undefined) return;
    // A contextual fragment's <script> elements run when inserted (innerHTML's would not).
    document.head.append(document.createRange().createContextualFragment(tag));
    setTimeout(insert, 0, tags);
  };
  const start = () => {
    if (started) return;
    started = true;
    insert(JSON.parse(data.textContent || '[]'));
  };
  const startSoon = () => setTimeout(start, 0);
  if (document.visibilityState === 'hidden') return start();
  document.addEventListener('visibilitychange', start);
  const paintTiming =
    typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).includes('paint');
  if (!paintTiming) {
    requestAnimationFrame(startSoon);
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    startSoon();
  }).observe({ type: 'paint', buffered: true });
  // Never wait on a paint that does not come (a page with nothing contentful in view).
  setTimeout(start, 3000);
})();
