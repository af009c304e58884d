import { mountStandalone } from 'shared-auth';
import Routes from './routes';
import { StandaloneGate } from './standalone/StandaloneGate';

/** `npm run dev -w admin-console`: this remote alone, with a sign-in step in place of the shell's guard. */
function StandaloneAdminConsole() {
  return (
    <StandaloneGate>
      <Routes />
    </StandaloneGate>
  );
}

void mountStandalone(StandaloneAdminConsole);
