import type { ComponentType } from 'react';

/**
 * The contract between the shell and a remote (docs/releasing.md): what every remote
 * exposes as `./routes` and the shell loads (shell/src/remotes/loadRemoteRoutes.ts). Each
 * remote's routes.tsx checks its default export against it with `satisfies`, so a remote that
 * changes the shape (a required prop, no default export) fails its own type check before release.
 */
export interface RemoteRoutesModule {
  /** Renders the remote's own <Routes> with absolute paths, inside the shell's layout; takes no props. */
  default: ComponentType;
}
