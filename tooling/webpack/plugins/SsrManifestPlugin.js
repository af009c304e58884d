// Announces a remote's server build in its browser manifest: `metaData.ssrRemoteEntry` is the
// field the federation runtime reads on Node, so the shell's server loads `server/remoteEntry.js`
// from the very manifest URL the browser gets from /mf-remotes.json (one registry for both).
const MANIFEST = 'mf-manifest.json';

class SsrManifestPlugin {
  /** @param {{ path: string, name: string }} entry  where the server build's remoteEntry.js sits */
  constructor(entry) {
    this.entry = entry;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(SsrManifestPlugin.name, (compilation) => {
      // Same stage as the manifest plugin, registered after it and before compression.
      compilation.hooks.processAssets.tap(
        { name: SsrManifestPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        () => {
          const asset = compilation.getAsset(MANIFEST);
          if (!asset) {
            compilation.errors.push(new Error(`${SsrManifestPlugin.name}: ${MANIFEST} was not emitted`));
            return;
          }
          const manifest = JSON.parse(asset.source.source().toString());
          manifest.metaData.ssrRemoteEntry = { ...this.entry, type: 'commonjs-module' };
          compilation.updateAsset(MANIFEST, new sources.RawSource(JSON.stringify(manifest, null, 2)));
        },
      );
    });
  }
}

module.exports = { SsrManifestPlugin };
