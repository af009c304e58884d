// @ts-check
/**
 * A stand-in for https://apis.google.com/js/api.js, which these offline machines cannot reach.
 *
 * The Firebase SDK loads it for pop-up and redirect sign-in: the page opens the Auth emulator's
 * helper iframe (/emulator/auth/iframe) through `gapi.iframes`, and that iframe loads api.js
 * too, to talk back to its parent. Only the part of `gapi.iframes` the SDK and the emulator's
 * iframe use is implemented (see @firebase/auth `_openIframe`/`BrowserPopupRedirectResolver`
 * and firebase-tools `emulator/auth/handlers.js`):
 *
 * - `gapi.load('gapi.iframes', { callback })`, the `?onload=` callback and `window.gapi_onload`;
 * - parent side: `gapi.iframes.getContext().open({ where, url, attributes }, onOpened)` returning
 *   an iframe handle with `restyle`, `ping`, `register` and `send`;
 * - iframe side: `gapi.iframes.getContext().getParentIframe()` with `register` and `send`.
 *
 * Messages travel by postMessage, marked so that the emulator's own messages pass untouched.
 * A message for a handler not registered yet is queued, because the emulator's iframe sends its
 * auth event as soon as it is ready, possibly before the SDK has registered its handler.
 */
export const GOOGLE_API_STAND_IN = String.raw`
(function () {
  var MARK = '__gapiStandIn';
  var script = document.currentScript;
  var onloadName = script && script.src ? new URL(script.src).searchParams.get('onload') : null;

  function runOnload() {
    if (onloadName && typeof window[onloadName] === 'function') window[onloadName]();
    if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }
  if (window.gapi && window.gapi.iframes) return void setTimeout(runOnload, 0);

  var ports = [];
  var nextId = 1;

  function Port(peer) {
    this.peer = peer;
    this.handlers = {};
    this.queued = [];
    this.pending = {};
    this.ready = false;
    this.readyWaiters = [];
    ports.push(this);
  }
  Port.prototype.post = function (message) {
    message[MARK] = true;
    var target = this.peer();
    if (target) target.postMessage(message, '*');
  };
  Port.prototype.register = function (name, handler) {
    this.handlers[name] = handler;
    var waiting = this.queued.filter(function (m) { return m.name === name; });
    this.queued = this.queued.filter(function (m) { return m.name !== name; });
    waiting.forEach(this.answer, this);
  };
  Port.prototype.answer = function (message) {
    var handler = this.handlers[message.name];
    if (!handler) return void this.queued.push(message);
    var result;
    try { result = handler(message.data); } catch (error) { console.error(error); }
    this.post({ op: 'reply', id: message.id, results: result === undefined ? [] : [result] });
  };
  Port.prototype.send = function (name, data, callback) {
    var id = nextId++;
    this.pending[id] = callback;
    this.post({ op: 'send', id: id, name: name, data: data });
  };
  Port.prototype.receive = function (message) {
    if (message.op === 'send') return this.answer(message);
    if (message.op === 'reply') {
      var callback = this.pending[message.id];
      delete this.pending[message.id];
      // The SDK's callbacks may throw after handling the reply; that must not stop this frame.
      if (callback) try { callback(message.results); } catch (error) { console.debug(error); }
      return;
    }
    if (message.op === 'ready' && !this.ready) {
      this.ready = true;
      this.readyWaiters.splice(0).forEach(function (resolve) { resolve(); });
    }
  };

  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || message[MARK] !== true) return;
    ports.forEach(function (port) { if (port.peer() === event.source) port.receive(message); });
  });

  function IframeHandle(element) {
    this.element = element;
    this.port = new Port(function () { return element.contentWindow; });
  }
  IframeHandle.prototype.restyle = function () { return Promise.resolve(); };
  IframeHandle.prototype.ping = function (callback) {
    var port = this.port;
    return new Promise(function (resolve) {
      if (port.ready) return resolve();
      port.readyWaiters.push(resolve);
    }).then(function () { if (callback) callback(); });
  };
  IframeHandle.prototype.register = function (name, handler) { this.port.register(name, handler); };
  IframeHandle.prototype.send = function (name, data, callback) { this.port.send(name, data, callback); };
  IframeHandle.prototype.getIframeEl = function () { return this.element; };

  var parentPort = window.parent !== window ? new Port(function () { return window.parent; }) : null;
  if (parentPort) parentPort.post({ op: 'ready' });

  var context = {
    open: function (options, onOpened) {
      var element = document.createElement('iframe');
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (name) {
        if (name === 'style') Object.assign(element.style, attributes.style);
        else element.setAttribute(name, attributes[name]);
      });
      var handle = new IframeHandle(element);
      element.src = options.url;
      (options.where || document.body).appendChild(element);
      return Promise.resolve(onOpened ? onOpened(handle) : handle);
    },
    getParentIframe: function () { return parentPort; },
  };

  window.gapi = {
    load: function (_modules, options) {
      var callback = typeof options === 'function' ? options : options && options.callback;
      setTimeout(function () { if (callback) callback(); }, 0);
    },
    iframes: {
      Iframe: IframeHandle,
      CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; },
      getContext: function () { return context; },
    },
  };
  runOnload();
})();
`;

/**
 * Serves the stand-in for api.js to every page and frame of the context, and answers the
 * emulator chooser's CDN stylesheets and scripts with empty files so that it loads at once
 * offline (it works without them).
 * @param {import('@playwright/test').BrowserContext} context
 * @returns {Promise<void>}
 */
export async function installGoogleApiStandIn(context) {
  await context.route('https://apis.google.com/js/api.js*', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: GOOGLE_API_STAND_IN }),
  );
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: route.request().resourceType() === 'script' ? 'text/javascript' : 'text/css',
      body: '',
    }),
  );
}
