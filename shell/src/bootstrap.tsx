import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from 'shared-ui';
import { App } from './app/App';
import { loadRegistry } from './remotes/registry';
import './fonts';

async function start() {
  await Promise.all([loadRegistry(), loadRuntimeConfig()]);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
