// The test kit of the shell and the remotes (`import { … } from 'shared-data/testing'`): one way
// to render a page or a remote's routes as the shell would, one fake `fetch`. Auth is faked by
// AuthTestProvider (the `auth` option; signedIn/testUser from shared-auth/testing), never by
// mocking the shared-auth module. Never imported by application code.
export { renderApp, appWrapper, currentPath, testQueryClient, type AppOptions } from './renderApp';
export { fakeFetch, deferred, type FakeFetch, type FakeReply, type FakeRequest, type FakeRoute } from './fakeFetch';
export { signedIn, testUser } from 'shared-auth/testing';
