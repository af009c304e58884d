import { mountStandalone } from 'shared-auth';
import Routes from './routes';

void mountStandalone(Routes);
