/**
 * XSS payloads for the reliability tests, from the published cheat sheets: OWASP's "XSS Filter
 * Evasion Cheat Sheet", PortSwigger's "Cross-site scripting (XSS) cheat sheet" and the mutation
 * (mXSS) / namespace-confusion bypasses reported against DOMPurify (2.0.0, 2.0.17, 2.2.2, 3.1.x).
 *
 * Every payload that manages to run calls `__xssHit(<id>)` (installed by `installXssSentinel`)
 * or opens a dialog, so a test can count what ran. Frames report through `parent`/`top`.
 */
import type { Page } from '@playwright/test';

export interface XssPayload {
  id: number;
  name: string;
  html: string;
}

const hit = (id: number) => `__xssHit(${id})`;
const base64 = (text: string) => Buffer.from(text).toString('base64');
const entities = (text: string) => [...text].map((char) => `&#${char.charCodeAt(0)};`).join('');
const hexEntities = (text: string) => [...text].map((char) => `&#x${char.charCodeAt(0).toString(16)};`).join('');

type Template = (id: number) => string;

const TEMPLATES: Array<[string, Template]> = [
  // Script elements
  ['script tag', (id) => `<script>${hit(id)}</script>`],
  ['script tag, upper case', (id) => `<SCRIPT>${hit(id)}</SCRIPT>`],
  ['script src data: URL', (id) => `<script src="data:text/javascript,${hit(id)}"></script>`],
  ['script with slash attribute', (id) => `<SCRIPT/XSS SRC="data:,${hit(id)}"></SCRIPT>`],
  ['nested script to survive one strip', (id) => `<scr<script>ipt>${hit(id)}</scr</script>ipt>`],
  ['double open bracket', (id) => `<<SCRIPT>${hit(id)};//<</SCRIPT>`],
  ['malformed IMG then script', (id) => `<IMG """><SCRIPT>${hit(id)}</SCRIPT>">`],
  ['attribute break-out then script', (id) => `"><script>${hit(id)}</script>`],
  ['comment and style break-out', (id) => `'--></style></script><script>${hit(id)}</script>`],
  ['script dialog', (id) => `<script>alert(${id})</script>`],
  // Event handlers
  ['img onerror', (id) => `<img src=x onerror=${hit(id)}>`],
  ['img onerror, quoted and self-closed', (id) => `<img src="x" onerror="${hit(id)}"/>`],
  ['img onerror, unclosed tag', (id) => `<img src=x onerror=${hit(id)}//`],
  ['img onerror with entity-encoded code', (id) => `<img src=x onerror="${hexEntities(hit(id))}">`],
  ['img onerror with a Unicode-escaped identifier', (id) => `<img src=x onerror="\\u005f_xssHit(${id})">`],
  ['img onerror with eval(atob())', (id) => `<img src=x onerror="eval(atob('${base64(hit(id))}'))">`],
  ['img onerror via string concatenation', (id) => `<img src=x onerror="window['__xss'+'Hit'](${id})">`],
  ['img onerror dialog via top', (id) => `<img src=x onerror="top['al'+'ert'](${id})">`],
  ['img onmouseover', (id) => `<IMG SRC=# onmouseover="${hit(id)}" width=400 height=100>`],
  ['img srcset onerror', (id) => `<img srcset="x" onerror=${hit(id)}>`],
  ['picture source onerror', (id) => `<picture><source srcset=x><img src=x onerror=${hit(id)}></picture>`],
  ['svg onload', (id) => `<svg onload=${hit(id)}>`],
  ['body onload', (id) => `<body onload=${hit(id)}>`],
  ['body onload with junk before =', (id) => `<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^\`=${hit(id)}>`],
  ['input autofocus onfocus', (id) => `<input autofocus onfocus=${hit(id)}>`],
  ['select autofocus onfocus', (id) => `<select autofocus onfocus=${hit(id)}></select>`],
  ['textarea autofocus onfocus', (id) => `<textarea autofocus onfocus=${hit(id)}></textarea>`],
  ['contenteditable autofocus onfocus', (id) => `<div contenteditable autofocus onfocus=${hit(id)}>編集</div>`],
  [
    'custom element tabindex onfocus',
    (id) => `<xss id=x tabindex=1 onfocus=${hit(id)} style=display:block>フォーカス</xss>`,
  ],
  ['details ontoggle', (id) => `<details open ontoggle=${hit(id)}><summary>開く</summary></details>`],
  ['video source onerror', (id) => `<video><source onerror=${hit(id)}></video>`],
  ['audio onerror', (id) => `<audio src=x onerror=${hit(id)}></audio>`],
  ['marquee onstart', (id) => `<marquee onstart=${hit(id)}>流れる</marquee>`],
  ['paragraph onmouseover', (id) => `<p onmouseover="${hit(id)}" style="padding:40px">マウスを乗せる</p>`],
  ['anchor onclick', (id) => `<a href="#" onclick="${hit(id)}">クリック</a>`],
  ['isindex onerror', (id) => `<isindex type=image src=1 onerror=${hit(id)}>`],
  // javascript: / data: URLs
  ['a href javascript:', (id) => `<a href="javascript:${hit(id)}">リンク</a>`],
  ['a href mixed-case javascript:', (id) => `<a href="JaVaScRiPt:${hit(id)}">リンク</a>`],
  ['a href decimal-entity javascript:', (id) => `<a href="${entities('javascript:')}${hit(id)}">リンク</a>`],
  ['a href tab inside javascript:', (id) => `<a href="jav&#x09;ascript:${hit(id)}">リンク</a>`],
  ['a href control character before javascript:', (id) => `<a href=" &#14; javascript:${hit(id)}">リンク</a>`],
  ['a href &colon; entity', (id) => `<a href="javascript&colon;${hit(id)}">リンク</a>`],
  [
    'a href data:text/html',
    (id) => `<a href="data:text/html;base64,${base64(`<script>opener.${hit(id)}</script>`)}">リンク</a>`,
  ],
  ['img src javascript:', (id) => `<IMG SRC=JaVaScRiPt:${hit(id)}>`],
  ['iframe src javascript:', (id) => `<iframe src="javascript:parent.${hit(id)}"></iframe>`],
  ['iframe src data:text/html', (id) => `<iframe src="data:text/html,<script>parent.${hit(id)}</script>"></iframe>`],
  ['iframe srcdoc', (id) => `<iframe srcdoc="<script>parent.${hit(id)}</script>"></iframe>`],
  ['iframe to another host', () => `<iframe src="https://evil.example/embed"></iframe>`],
  ['iframe to a YouTube look-alike host', () => `<iframe src="https://www.youtube.com.evil.example/embed/x"></iframe>`],
  ['iframe to YouTube over http', () => `<iframe src="http://www.youtube.com/embed/abc"></iframe>`],
  [
    'YouTube iframe with srcdoc',
    (id) => `<iframe src="https://www.youtube.com/embed/abc" srcdoc="<script>parent.${hit(id)}</script>"></iframe>`,
  ],
  [
    'YouTube iframe with onload',
    (id) => `<iframe src="https://www.youtube.com/embed/abc" onload="${hit(id)}"></iframe>`,
  ],
  ['form action javascript:', (id) => `<form action="javascript:${hit(id)}"><button>送信</button></form>`],
  ['button formaction javascript:', (id) => `<form><button formaction="javascript:${hit(id)}">送信</button></form>`],
  ['object data javascript:', (id) => `<object data="javascript:parent.${hit(id)}"></object>`],
  [
    'object data data:text/html',
    (id) => `<object data="data:text/html;base64,${base64(`<script>parent.${hit(id)}</script>`)}"></object>`,
  ],
  ['object scriptlet', () => `<object type="text/x-scriptlet" data="https://evil.example/x.sct"></object>`],
  ['embed src javascript:', (id) => `<embed src="javascript:${hit(id)}">`],
  [
    'embed svg data URL',
    (id) =>
      `<embed src="data:image/svg+xml;base64,${base64(`<svg xmlns="http://www.w3.org/2000/svg" onload="parent.${hit(id)}"/>`)}">`,
  ],
  // SVG
  ['svg script', (id) => `<svg><script>${hit(id)}</script></svg>`],
  ['svg animate onbegin', (id) => `<svg><animate onbegin=${hit(id)} attributeName=x dur=1s></animate></svg>`],
  [
    'svg a xlink:href javascript:',
    (id) => `<svg><a xlink:href="javascript:${hit(id)}"><text x="20" y="20">XSS</text></a></svg>`,
  ],
  [
    'svg set onmouseover',
    (id) => `<svg><set attributeName="onmouseover" to="${hit(id)}"/><rect width=300 height=100 /></svg>`,
  ],
  [
    'svg animate href to javascript:',
    (id) => `<svg><a><animate attributeName=href values=javascript:${hit(id)} /><text x=20 y=20>XSS</text></a></svg>`,
  ],
  [
    'svg use data URL',
    (id) =>
      `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='${hit(id)}'/></svg>#x"></use></svg>`,
  ],
  [
    'svg foreignObject iframe srcdoc',
    (id) =>
      `<svg><foreignObject><iframe srcdoc="&lt;script&gt;parent.${hit(id)}&lt;/script&gt;"></iframe></foreignObject></svg>`,
  ],
  // CSS
  ['style attribute url(javascript:)', (id) => `<div style="background-image:url(javascript:${hit(id)})">背景</div>`],
  ['style attribute expression()', (id) => `<div style="width:expression(${hit(id)})">幅</div>`],
  ['style @import javascript:', (id) => `<style>@import 'javascript:${hit(id)}';</style>`],
  ['style url(javascript:)', (id) => `<style>body{background:url("javascript:${hit(id)}")}</style>`],
  ['link stylesheet javascript:', (id) => `<link rel=stylesheet href="javascript:${hit(id)}">`],
  // Document-level
  ['meta refresh to javascript:', (id) => `<meta http-equiv="refresh" content="0;url=javascript:${hit(id)}">`],
  [
    'meta refresh to data:',
    (id) =>
      `<meta http-equiv="refresh" content="0;url=data:text/html;base64,${base64(`<script>${hit(id)}</script>`)}">`,
  ],
  ['base href javascript:', (id) => `<base href="javascript:${hit(id)}//"><a href="/x">相対リンク</a>`],
  // Template, noscript and namespace mutation tricks
  ['template content', (id) => `<template><img src=x onerror=${hit(id)}></template>`],
  ['noscript attribute mXSS', (id) => `<noscript><p title="</noscript><img src=x onerror=${hit(id)}>"></noscript>`],
  ['svg/style namespace confusion', (id) => `<svg></p><style><a id="</style><img src=1 onerror=${hit(id)}>">`],
  ['math mglyph style mXSS', (id) => `<math><mtext><table><mglyph><style><img src=x onerror=${hit(id)}>`],
  [
    'DOMPurify 2.0.0 mXSS',
    (id) => `<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=${hit(id)} src=1>">`,
  ],
  [
    'DOMPurify 2.0.17 form/math mXSS',
    (id) => `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${hit(id)}>`,
  ],
  [
    'DOMPurify 2.2.2 math/svg mXSS',
    (id) =>
      `<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src onerror=${hit(id)}>"></style></svg></mglyph></h1></mtext></math>`,
  ],
  [
    'DOMPurify 3.1 nesting-depth mXSS',
    (id) => `${'<div>'.repeat(510)}<svg><p><style><img src=x onerror=${hit(id)}>${'</div>'.repeat(510)}`,
  ],
  ['textarea closing inside attribute', (id) => `<textarea><img title="</textarea><img src=x onerror=${hit(id)}>">`],
  ['title element break-out', (id) => `<title><img title="</title><img src=x onerror=${hit(id)}>">`],
];

export const XSS_PAYLOADS: readonly XssPayload[] = TEMPLATES.map(([name, template], index) => ({
  id: index + 1,
  name,
  html: template(index + 1),
}));

declare global {
  interface Window {
    __xssHits: string[];
    __xssHit: (id: number | string) => void;
  }
}

/** Before any page script: the function payloads call, recording which ran. */
export async function installXssSentinel(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__xssHits = [];
    window.__xssHit = (id) => {
      window.__xssHits.push(String(id));
    };
  });
}

/** The ids of the payloads that ran in this document so far; `reset` starts the count again. */
export const xssHits = (page: Page, { reset = false } = {}) =>
  page.evaluate((resetAfter) => {
    const hits = [...(window.__xssHits ?? [])];
    if (resetAfter) window.__xssHits = [];
    return hits;
  }, reset);
