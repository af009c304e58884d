// Runtime plugin of the host: hands its federation runtime to the remotes, whose remoteEntry.js is
// built without one of its own (`experiments.externalRuntime`: each remote reads
// `self._FEDERATION_RUNTIME_CORE`). The library's own provider
// (@module-federation/inject-external-runtime-core-plugin) imports the whole runtime-core namespace,
// which is never tree-shaken (+22 KB gzip in the shell); these are the names a remote's runtime
// imports (@module-federation/runtime's index, helpers and utils), all already in the shell's.
// The guard (library-overrides/federation-runtime) checks the list against the installed runtime.
import {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';

export const RUNTIME_CORE_GLOBAL = '_FEDERATION_RUNTIME_CORE';

/** Set when the shell's main.js starts, before any remote entry can be requested. */
CurrentGlobal[RUNTIME_CORE_GLOBAL] ??= {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
};

export default function provideRuntimeCore() {
  return { name: 'provide-runtime-core' };
}
