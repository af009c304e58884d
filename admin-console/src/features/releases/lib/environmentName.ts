import { ENVIRONMENT_LABELS, type ReleaseEnvironment } from 'shared-releases';

/** e.g. 本番 (production), as the service writes it in its messages. */
export const environmentName = (environment: ReleaseEnvironment) =>
  `${ENVIRONMENT_LABELS[environment]} (${environment})`;
