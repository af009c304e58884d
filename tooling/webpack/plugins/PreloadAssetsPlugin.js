// Adds <link rel="preload"> tags to the HTML for emitted assets whose names match `test`
// (e.g. the hero's web font, whose hashed name is only known after the build), and
// <link rel="stylesheet"> tags for emitted stylesheets matching `stylesheets`.
const HtmlWebpackPlugin = require('html-webpack-plugin');

const AS_BY_EXTENSION = {
  woff2: 'font',
  woff: 'font',
  js: 'script',
  css: 'style',
  png: 'image',
  jpg: 'image',
  webp: 'image',
};

class PreloadAssetsPlugin {
  /** @param {{ test: RegExp[], urls?: { href: string, as: string }[], stylesheets?: RegExp[] }} options */
  constructor(options) {
    this.test = options.test;
    this.urls = options.urls ?? [];
    this.stylesheets = options.stylesheets ?? [];
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadAssetsPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadAssetsPlugin', (data) => {
        const publicPath = compilation.outputOptions.publicPath === 'auto' ? '' : compilation.outputOptions.publicPath;
        const names = Object.keys(compilation.assets).filter((name) => this.test.some((re) => re.test(name)));
        const links = names.map((name) => {
          const extension = name.split('.').pop();
          const as = AS_BY_EXTENSION[extension] ?? 'fetch';
          return HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'preload',
            href: `${publicPath}${name}`,
            as,
            ...(as === 'font' ? { type: 'font/woff2', crossorigin: 'anonymous' } : {}),
          });
        });
        const fixed = this.urls.map(({ href, as }) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'preload',
            href,
            as,
            ...(as === 'fetch' ? { crossorigin: 'anonymous' } : {}),
          }),
        );
        const stylesheets = Object.keys(compilation.assets)
          .filter((name) => this.stylesheets.some((re) => re.test(name)))
          .map((name) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'stylesheet', href: `${publicPath}${name}` }),
          );
        data.headTags.unshift(...fixed, ...links, ...stylesheets);
        return data;
      });
    });
  }
}

module.exports = { PreloadAssetsPlugin };
