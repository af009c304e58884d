/** The release service's test app hooks (service-kit/testing), bound to its builder. */
import { testAppHooks } from 'service-kit/testing';
import { buildTestApp, type TestAppOptions } from './testApp';

export type { TestAppHandle } from 'service-kit/testing';
export const { useTestApp, useAppsPerTest } = testAppHooks<TestAppOptions>(buildTestApp);
