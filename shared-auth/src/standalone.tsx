import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadRuntimeConfig } from 'shared-core';
import { ThemeModeProvider } from 'shared-ui';
import { AuthProvider } from './AuthProvider';

/**
 * A remote's own dev harness: the theme, auth and router the shell would give it, so one team
 * can run its remote alone (`npm run dev -w <remote>`).
 */
export async function mountStandalone(Routes: ComponentType, rootId = 'root'): Promise<void> {
  await loadRuntimeConfig();
  const container = document.getElementById(rootId);
  if (!container) throw new Error(`#${rootId} is missing`);
  createRoot(container).render(
    <StrictMode>
      <ThemeModeProvider>
        <BrowserRouter>
          <AuthProvider>
            <main style={{ minHeight: '100vh' }}>
              <Routes />
            </main>
          </AuthProvider>
        </BrowserRouter>
      </ThemeModeProvider>
    </StrictMode>,
  );
}
