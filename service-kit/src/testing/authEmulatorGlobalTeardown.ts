/** The Jest run's globalTeardown (jest.config.ts): stops the run's Auth emulator, if a test file asked for it. */
export { stopAuthEmulatorBroker as default } from './runAuthEmulator';
