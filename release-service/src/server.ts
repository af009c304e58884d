/** Entry point: `npm start -w release-service`. */
import { runService } from 'service-kit';
import { buildApp } from './app';
import { loadConfig } from './config';

runService({ name: 'release-service', loadConfig, buildApp: (config) => buildApp({ config }) });
