import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { setRuntimeConfig, defaultRuntimeConfig } from 'shared-core';
import { lightTheme } from 'shared-ui';
import AdminConsoleRoutes from '../routes';

/** Shows where the router is, so tests can assert navigation. */
function CurrentPath() {
  return <div data-testid="current-path">{useLocation().pathname}</div>;
}

/** Renders the whole remote at `path`, inside the theme and router the shell would give it. */
export function renderAdmin(path: string) {
  setRuntimeConfig(defaultRuntimeConfig('localhost'));
  return render(
    <ThemeProvider theme={lightTheme}>
      <MemoryRouter initialEntries={[path]}>
        <AdminConsoleRoutes />
        <CurrentPath />
      </MemoryRouter>
    </ThemeProvider>,
  );
}
