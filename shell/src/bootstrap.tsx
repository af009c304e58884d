import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from 'shared-core';
import { App } from './app/App';
import { registryReady } from './remotes/startup';
import { showStartupFailure } from './startup/showStartupFailure';
import './fonts';

async function start() {
  await Promise.all([registryReady, loadRuntimeConfig()]);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

start().catch(showStartupFailure);
