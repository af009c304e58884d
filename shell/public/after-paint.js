// Server-rendered pages: the page's scripts (and their preloads) start only once the server's
// HTML has been painted, so on a slow connection the first paint does not share the bandwidth
// with about 170 KB of JavaScript. The tags are in the page as a JSON data block
// (scripts/lib/serverRendering.mjs). A hidden tab paints nothing: it starts them at once.
(() => {
  const data = document.getElementById('after-paint');
  if (!data) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const tags = JSON.parse(data.textContent || '[]').join('');
    // A contextual fragment's <script> elements run when inserted (innerHTML's would not).
    document.head.append(document.createRange().createContextualFragment(tags));
  };
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
  document.addEventListener('visibilitychange', start);
})();
