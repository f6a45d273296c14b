import { describe, expect, it } from 'vitest';
import { CAPABILITIES, capability, isSupported } from '../src/index.js';

describe('capability registry', () => {
  it('lists each id once, as dotted lowercase words', () => {
    const ids = CAPABILITIES.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(?:\.[a-z]+(?:-[a-z]+)*)+$/);
  });

  it('names every capability in Chinese and English for the UI', () => {
    for (const c of CAPABILITIES) {
      expect(c.zh, c.id).toMatch(/\p{Script=Han}/u);
      expect(c.en, c.id).toMatch(/^[A-Z][\w -]*$/);
    }
  });

  it('looks capabilities up by id', () => {
    expect(capability('electrical.drift-diffusion').supported).toBe(true);
    expect(isSupported('electrical.ions')).toBe(capability('electrical.ions').supported);
  });
});
