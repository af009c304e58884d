/** @jest-environment jsdom */
import { readJson, readString, writeJson } from './storage';

const isPoint = (v: unknown): v is { x: number } =>
  typeof v === 'object' && v !== null && typeof (v as { x: unknown }).x === 'number';

describe('storage helpers', () => {
  beforeEach(() => localStorage.clear());

  it('round-trips valid JSON', () => {
    writeJson('p', { x: 1 });
    expect(readJson('p', isPoint)).toEqual({ x: 1 });
  });

  it('yields null for malformed or invalid JSON instead of throwing', () => {
    localStorage.setItem('p', '{not json');
    expect(readJson('p', isPoint)).toBeNull();
    localStorage.setItem('p', '{"x":"1"}');
    expect(readJson('p', isPoint)).toBeNull();
  });

  it('survives storage that throws (blocked or disabled)', () => {
    const spy = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(readString('theme')).toBeNull();
    spy.mockRestore();
  });
});
