/**
 * shared-core: what every app and the API agree on, free of React and of the DOM, so a server can
 * use it too. Runtime config, route paths, storage keys and helpers, the admin rule, site constants.
 */
export * from './config';
export * from './paths';
export * from './site';
export * from './storage';
export * from './admin';
