export { AuthTestProvider, signedOutValue } from './AuthTestProvider';
export { testUser, signedIn } from './testUsers';
