/** Entry point: `npm start -w article-api`. */
import { runService } from 'service-kit';
import { buildApp } from './app';
import { loadConfig } from './config';

runService({ name: 'article-api', loadConfig, buildApp: (config) => buildApp({ config }) });
