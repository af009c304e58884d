// Server-rendered pages: the page's scripts (and their preloads) start only once the server's
// HTML has been painted, so on a slow connection the first paint does not share the bandwidth
// with about 170 KB of JavaScript. The tags are in the page as a JSON data block
// (web-server/src/render/assemblePage.ts). "Painted" is the browser's own first-contentful-paint entry:
// a frame is only presented some time after its requestAnimationFrame callback, and a script
// started in between still competes with it. A hidden tab paints nothing: it starts them at once.
(() => {
  const data = document.getElementById('after-paint');
  if (!data) return;
  // Buttons tapped before the page hydrates: the shell taps them again once it has
  // (shell/src/startup/earlyTaps.tsx), and takes the list away when it starts hydrating.
  const taps = (window.__earlyTaps = []);
  document.addEventListener(
    'click',
    function keep(event) {
      if (window.__earlyTaps !== taps) return document.removeEventListener('click', keep, true);
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (button) taps.push(button);
    },
    true,
  );
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const tags = JSON.parse(data.textContent || '[]').join('');
    // A contextual fragment's <script> elements run when inserted (innerHTML's would not).
    document.head.append(document.createRange().createContextualFragment(tags));
    // The lazy images may start now (shared-context's GlobalStyle hides them until then).
    document.documentElement.setAttribute('data-painted', '');
    fetchFontsForLater();
  };
  // A page served before this browser had the heading font paints its headings without it
  // (<html data-fonts="later">, web-server's assemblePage.ts). Fetched now, through the page's own
  // @font-face (no preload: one unused for a few seconds is a console warning), it is in the cache
  // for the next pages, which the server serves to use it once this cookie says so. Nothing on this
  // page uses it: no layout shift.
  const fetchFontsForLater = () => {
    if (document.documentElement.dataset.fonts !== 'later' || !document.fonts) return;
    document.fonts.load('700 1em Montserrat').then(
      (faces) => {
        if (faces.length) document.cookie = 'fonts=montserrat; Path=/; Max-Age=31536000; SameSite=Lax';
      },
      () => {},
    );
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
