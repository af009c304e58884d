/** The Jest run's globalSetup (jest.config.ts): the broker of the run's one Auth emulator (runAuthEmulator.ts). */
export { startAuthEmulatorBroker as default } from './runAuthEmulator';
