import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { lightTheme } from 'shared-context';

/** Test helper: renders inside the light theme and a memory router, as the shell would. */
export function renderWithTheme(ui: ReactElement, options?: RenderOptions) {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <ThemeProvider theme={lightTheme}>
      <MemoryRouter>{children}</MemoryRouter>
    </ThemeProvider>
  );
  return render(ui, { wrapper: Wrapper, ...options });
}
