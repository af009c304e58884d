import type { ServerInfo } from 'shared-articles';
import type { AuthBackend } from 'shared-core';

/** The browser's sign-in backend, from the runtime config (app-config.json). */
export function describeClientAuth(auth: AuthBackend, hostname = globalThis.location?.hostname ?? 'localhost'): string {
  return auth.mode === 'emulator'
    ? `Auth エミュレーター（${hostname}:${auth.emulatorPort}、プロジェクト ${auth.projectId}）`
    : `Firebase プロジェクト ${auth.config.projectId}`;
}

/** Whose tokens article-api accepts: the emulator (with its host) or a Firebase project id. */
export function describeServerAuth(info: Pick<ServerInfo, 'authBackend' | 'emulatorHost'>): string {
  if (info.authBackend === 'emulator') {
    return info.emulatorHost ? `Auth エミュレーター（${info.emulatorHost}）` : 'Auth エミュレーター';
  }
  return `Firebase プロジェクト ${info.authBackend}`;
}
