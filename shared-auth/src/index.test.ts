// The main entry reaches every visitor; the SDK must stay behind the dynamic import.
jest.mock('firebase/app', () => {
  throw new Error('firebase/app was imported by the main entry');
});
jest.mock('firebase/auth', () => {
  throw new Error('firebase/auth was imported by the main entry');
});

it('the main entry does not import the Firebase SDK', () => {
  expect(() => jest.requireActual('./index')).not.toThrow();
});
