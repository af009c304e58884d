// The compatibility gate a remote passes before its registry line is flipped: it compares the
// new remote's mf-manifest.json with the live shell's of the environment it goes to
// (docs/releasing.md). The release service runs it on every release, promotion and rollback.
//
// - Every module the remote shares as a singleton and the shell provides must be provided at a
//   version that satisfies the remote's requiredVersion: the runtime hands a singleton's one
//   copy (the shell's, loaded first) to every remote, whatever version that remote was built
//   against.
// - Every exposed module the shell loads must exist.
// - The remote must be built with the shell's release of the federation runtime: its remoteEntry.js
//   has no runtime of its own and runs on the shell's (docs/performance.md, "One federation
//   runtime"). A manifest that does not say (not from a build) is not refused for it.
// Modules shared without `singleton` never block: when the shell's copy is too old the runtime
// loads the remote's own copy. They are reported, so a release log says which copy is used.
import semver from 'semver';

/** What the shell imports from every remote (shell/src/remotes/loadRemoteRoutes.ts). */
export const EXPOSES_THE_SHELL_LOADS = ['./routes'];

interface SharedEntry {
  [key: string]: unknown;
  name: string;
  version: string;
  requiredVersion?: unknown;
  singleton?: boolean;
}

/** The part of an mf-manifest.json the gate reads; anything else in it is ignored. */
export interface FederationManifest {
  [key: string]: unknown;
  name?: unknown;
  exposes?: Array<{ path?: unknown; [key: string]: unknown }>;
  shared?: SharedEntry[];
}

export interface GateVerdict {
  ok: boolean;
  problems: string[];
  notes: string[];
}

const sharedList = (manifest: FederationManifest | null | undefined): SharedEntry[] =>
  Array.isArray(manifest?.shared) ? manifest.shared : [];
/** The @module-federation release the manifest's build used (`metaData.pluginVersion`), if it says. */
const runtimeVersionOf = (manifest: FederationManifest | null | undefined): string | undefined => {
  const metaData = manifest?.metaData;
  const version =
    typeof metaData === 'object' && metaData ? (metaData as { pluginVersion?: unknown }).pluginVersion : undefined;
  return typeof version === 'string' && version ? version : undefined;
};
const satisfies = (version: string, range: string) => semver.satisfies(version, range, { includePrerelease: true });

export function checkCompatibility({
  remoteManifest,
  shellManifest,
  federationName,
}: {
  /** the new release's mf-manifest.json */
  remoteManifest: FederationManifest | null | undefined;
  /** the live shell's mf-manifest.json */
  shellManifest: FederationManifest | null | undefined;
  /** the remote's name in the registry */
  federationName: string;
}): GateVerdict {
  const problems: string[] = [];
  const notes: string[] = [];
  if (remoteManifest?.name !== federationName) {
    problems.push(
      `マニフェストの名前が ${String(remoteManifest?.name)} です (${federationName} のビルドではありません)。`,
    );
  }
  const exposed = new Set((Array.isArray(remoteManifest?.exposes) ? remoteManifest.exposes : []).map((e) => e?.path));
  for (const path of EXPOSES_THE_SHELL_LOADS) {
    if (!exposed.has(path)) {
      problems.push(`シェルが読み込む公開モジュール ${path} が ${federationName} にありません。`);
    }
  }
  const remoteRuntime = runtimeVersionOf(remoteManifest);
  const shellRuntime = runtimeVersionOf(shellManifest);
  if (remoteRuntime && shellRuntime && remoteRuntime !== shellRuntime) {
    problems.push(
      `フェデレーションのランタイム: ${federationName} は ${remoteRuntime} でビルドされていますが、` +
        `シェルは ${shellRuntime} です (リモートはシェルのランタイムで動きます)。`,
    );
  }
  const shellShared = new Map(sharedList(shellManifest).map((s) => [s.name, s]));
  for (const shared of sharedList(remoteManifest)) {
    const provided = shellShared.get(shared.name);
    const required = shared.requiredVersion;
    if (typeof required !== 'string' || required === '*') continue;
    if (shared.singleton) {
      if (!provided) {
        notes.push(`${shared.name}: シェルは提供していません。${federationName} の ${shared.version} を使います。`);
      } else if (!satisfies(provided.version, required)) {
        problems.push(
          `共有シングルトン ${shared.name}: ${federationName} は ${required} を必要としますが、` +
            `シェルが提供するのは ${provided.version} です。`,
        );
      }
    } else if (provided && satisfies(provided.version, required)) {
      notes.push(`${shared.name}: ${required} をシェルの ${provided.version} で満たします。`);
    } else {
      notes.push(
        `${shared.name}: ${required} はシェルの ${provided?.version ?? '(なし)'} では満たせないため、` +
          `${federationName} 自身の ${shared.version} を読み込みます。`,
      );
    }
  }
  return { ok: problems.length === 0, problems, notes };
}
