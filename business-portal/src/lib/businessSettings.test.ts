import { DEFAULT_BUSINESS_SETTINGS, loadBusinessSettings, parseBusinessSettings } from './businessSettings';

/** Each setting: its default as spec section 3 gives it, and another valid value. */
const SPEC = [
  ['emailNotifications', true, false],
  ['darkMode', false, true],
  ['language', 'ja', 'en'],
  ['timezone', 'Asia/Tokyo', 'UTC'],
  ['marketingEmails', false, true],
  ['securityAlerts', true, false],
] as const;
const specDefaults = Object.fromEntries(SPEC.map(([key, fallback]) => [key, fallback]));
/** Every field other than its default. */
const custom = Object.fromEntries(SPEC.map(([key, , other]) => [key, other]));

beforeEach(() => localStorage.clear());

describe('parseBusinessSettings', () => {
  it('keeps a complete, valid object as is', () => {
    expect(parseBusinessSettings(custom)).toEqual(custom);
  });

  it('replaces each missing or mistyped field with its default, keeping the valid ones', () => {
    expect(
      parseBusinessSettings({
        emailNotifications: 'yes',
        darkMode: true,
        language: 'fr',
        timezone: 'Europe/Paris',
        marketingEmails: 1,
      }),
    ).toEqual({ ...DEFAULT_BUSINESS_SETTINGS, darkMode: true });
  });

  it.each([null, 42, 'text', ['ja'], undefined])('gives the defaults for %p', (raw) => {
    expect(parseBusinessSettings(raw)).toEqual(DEFAULT_BUSINESS_SETTINGS);
  });
});

describe('loadBusinessSettings', () => {
  it('gives the spec defaults when nothing is stored', () => {
    expect(loadBusinessSettings()).toEqual(specDefaults);
  });

  it('reads businessSettings', () => {
    localStorage.setItem('businessSettings', JSON.stringify(custom));
    expect(loadBusinessSettings()).toEqual(custom);
  });

  it('survives malformed JSON with the defaults', () => {
    localStorage.setItem('businessSettings', '{"darkMode": tru');
    expect(loadBusinessSettings()).toEqual(DEFAULT_BUSINESS_SETTINGS);
  });

  it('migrates businessDashboardSettings once and removes it', () => {
    localStorage.setItem(
      'businessDashboardSettings',
      JSON.stringify({ emailNotifications: false, darkMode: true, timezone: 'UTC' }),
    );
    const expected = { ...DEFAULT_BUSINESS_SETTINGS, emailNotifications: false, darkMode: true, timezone: 'UTC' };

    expect(loadBusinessSettings()).toEqual(expected);
    expect(localStorage.getItem('businessDashboardSettings')).toBeNull();
    expect(JSON.parse(localStorage.getItem('businessSettings') ?? 'null')).toEqual(expected);
  });

  it('prefers businessSettings over the older key, and drops the older key', () => {
    localStorage.setItem('businessSettings', JSON.stringify(custom));
    localStorage.setItem('businessDashboardSettings', JSON.stringify({ language: 'ja', timezone: 'Asia/Tokyo' }));

    expect(loadBusinessSettings()).toEqual(custom);
    expect(localStorage.getItem('businessDashboardSettings')).toBeNull();
  });

  it('migrates a malformed older entry as defaults', () => {
    localStorage.setItem('businessDashboardSettings', 'not json');
    expect(loadBusinessSettings()).toEqual(DEFAULT_BUSINESS_SETTINGS);
    expect(localStorage.getItem('businessDashboardSettings')).toBeNull();
  });
});
