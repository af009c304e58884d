// What the XSS tests look for in rendered HTML after sanitising (support/xss.ts passes it to the
// page, so it must stay self-contained: no imports, no closures over this module).

/**
 * Whatever is left in rendered HTML that could run script or load another origin's document:
 * an empty list is the expected result.
 */
export function dangerousLeftovers(root: Element): string[] {
  const found: string[] = [];
  const scriptable = (value: string) =>
    // eslint-disable-next-line no-control-regex -- browsers ignore these characters inside a URL scheme
    /^(?:javascript|vbscript|data):/i.test(value.replace(/[\u0000-\u0020\u007f-\u009f]/g, ''));
  const forbiddenTags = new Set([
    'script',
    'object',
    'embed',
    'applet',
    'base',
    'meta',
    'link',
    'style',
    'form',
    'input',
    'button',
    'select',
    'textarea',
    'frame',
    'frameset',
    'svg',
    'math',
    'template',
    'noscript',
    'isindex',
    'marquee',
    'details',
    'title',
  ]);
  for (const element of [root, ...root.querySelectorAll('*')]) {
    const tag = element.localName;
    if (element !== root && forbiddenTags.has(tag)) found.push(`<${tag}>`);
    if (tag === 'iframe') {
      const src = element.getAttribute('src') ?? '';
      if (!/^https:\/\/www\.youtube(?:-nocookie)?\.com\/embed\//.test(src)) found.push(`<iframe src="${src}">`);
      if (element.hasAttribute('srcdoc')) found.push('<iframe srcdoc>');
    }
    for (const { name, value } of element.attributes) {
      if (/^on/i.test(name)) found.push(`${tag}[${name}]`);
      if (name === 'style') found.push(`${tag}[style]`);
      if (
        /(?:^|:)(?:href|src|action|formaction|data|srcset|background|poster|xlink:href)$/i.test(name) &&
        scriptable(value)
      ) {
        found.push(`${tag}[${name}="${value.slice(0, 40)}"]`);
      }
    }
  }
  return found;
}
