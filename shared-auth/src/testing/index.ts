export { AuthTestProvider, signedOutValue } from './AuthTestProvider';
