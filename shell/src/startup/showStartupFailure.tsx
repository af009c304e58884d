import { createRoot } from 'react-dom/client';
import { ThemeModeProvider } from 'shared-ui';
import { ShellCrash } from '../app/ShellCrash';

/**
 * The shell could not start (on a deployed page: /app-config.json missing or wrong, see
 * shared-core's config). The problem goes to the console for whoever deploys, and the visitor
 * gets the crash page with 再読み込み instead of a blank one.
 */
export function showStartupFailure(error: unknown, container = document.getElementById('root')): void {
  console.error(error);
  if (!container) return;
  createRoot(container).render(
    <ThemeModeProvider>
      <ShellCrash />
    </ThemeModeProvider>,
  );
}
