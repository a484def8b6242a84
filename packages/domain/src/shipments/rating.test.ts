import { describe, expect, it } from 'vitest';
import {
  billableWeightKg,
  distanceBetweenStatesKm,
  MEXICAN_STATES,
  parcelInCmKg,
  STATE_CAPITALS,
  stateOfZip,
  totalBillableWeightKg,
  zoneBetween,
  type MexicanState,
} from './rating';

const parcel = (length: number, width: number, height: number, weight: number) => ({
  length_cm: length,
  width_cm: width,
  height_cm: height,
  weight_kg: weight,
});

describe('stateOfZip', () => {
  it('reads the state from the first two digits', () => {
    expect(stateOfZip('01000')).toBe('CMX');
    expect(stateOfZip('06700')).toBe('CMX');
    expect(stateOfZip('16000')).toBe('CMX');
    expect(stateOfZip('20000')).toBe('AGU');
    expect(stateOfZip('22000')).toBe('BCN'); // Tijuana
    expect(stateOfZip('23000')).toBe('BCS');
    expect(stateOfZip('44100')).toBe('JAL');
    expect(stateOfZip('49999')).toBe('JAL');
    expect(stateOfZip('50000')).toBe('MEX');
    expect(stateOfZip('57000')).toBe('MEX');
    expect(stateOfZip('64000')).toBe('NLE');
    expect(stateOfZip('77500')).toBe('ROO'); // Cancún
    expect(stateOfZip('91000')).toBe('VER');
    expect(stateOfZip('97000')).toBe('YUC');
    expect(stateOfZip('99999')).toBe('ZAC');
  });

  it('answers null for prefixes no state uses and for anything that is not 5 digits', () => {
    for (const zip of ['00100', '17000', '18500', '19999']) expect(stateOfZip(zip)).toBeNull();
    for (const zip of ['', '6400', '064000', 'ab123', ' 6400']) expect(stateOfZip(zip)).toBeNull();
  });

  it('gives every prefix from 01 to 99 but 17–19 a state, and names all 32 entities', () => {
    const states = new Set<MexicanState>();
    for (let prefix = 1; prefix <= 99; prefix += 1) {
      const state = stateOfZip(`${String(prefix).padStart(2, '0')}123`);
      if (prefix >= 17 && prefix <= 19) expect(state).toBeNull();
      else {
        expect(state).not.toBeNull();
        states.add(state!);
      }
    }
    expect([...states].sort()).toEqual(Object.keys(MEXICAN_STATES).sort());
    expect(Object.keys(STATE_CAPITALS).sort()).toEqual(Object.keys(MEXICAN_STATES).sort());
  });
});

describe('zoneBetween', () => {
  it('is zone 1 inside one state, even a large one', () => {
    expect(zoneBetween('CMX', 'CMX')).toBe(1);
    expect(zoneBetween('CHH', 'CHH')).toBe(1);
  });

  it('puts neighbours close by in zone 2', () => {
    expect(zoneBetween('CMX', 'MEX')).toBe(2);
    expect(zoneBetween('CMX', 'PUE')).toBe(2);
    expect(zoneBetween('NLE', 'COA')).toBe(2);
  });

  it('bands farther states by the distance between their capitals', () => {
    expect(zoneBetween('CMX', 'JAL')).toBe(3); // ~460 km
    expect(zoneBetween('CMX', 'NLE')).toBe(4); // ~700 km
    expect(zoneBetween('CMX', 'YUC')).toBe(5); // Mérida, ~1,010 km
    expect(zoneBetween('CMX', 'SON')).toBe(6); // ~1,600 km
    expect(zoneBetween('BCN', 'ROO')).toBe(7); // Tijuana → Cancún, the whole country
    expect(zoneBetween(stateOfZip('22000')!, stateOfZip('77500')!)).toBe(7);
  });

  it('is the same both ways', () => {
    const states = Object.keys(MEXICAN_STATES) as MexicanState[];
    for (const a of states) {
      for (const b of states) expect(zoneBetween(a, b)).toBe(zoneBetween(b, a));
    }
  });

  it('measures great-circle distances', () => {
    // Mexico City to Toluca, about 57 km; to Mérida about 1,010 km.
    expect(distanceBetweenStatesKm('CMX', 'MEX')).toBeGreaterThan(50);
    expect(distanceBetweenStatesKm('CMX', 'MEX')).toBeLessThan(65);
    expect(distanceBetweenStatesKm('CMX', 'YUC')).toBeGreaterThan(990);
    expect(distanceBetweenStatesKm('CMX', 'YUC')).toBeLessThan(1030);
    expect(distanceBetweenStatesKm('CMX', 'CMX')).toBe(0);
  });
});

describe('billableWeightKg', () => {
  it('bills the actual weight when it is the greater, rounded up to the kilogram', () => {
    expect(billableWeightKg(parcel(10, 10, 10, 1))).toBe(1); // volumetric 0.2
    expect(billableWeightKg(parcel(10, 10, 10, 1.01))).toBe(2);
    expect(billableWeightKg(parcel(10, 10, 10, 0.1))).toBe(1);
    expect(billableWeightKg(parcel(30, 20, 10, 4.5))).toBe(5); // volumetric 1.2
  });

  it('bills the volumetric weight (L×W×H/5000) when it is the greater', () => {
    expect(billableWeightKg(parcel(30, 20, 10, 0.5))).toBe(2); // 1.2 → 2
    expect(billableWeightKg(parcel(50, 40, 30, 3))).toBe(12); // 12 exactly
    expect(billableWeightKg(parcel(50, 40, 30.1, 3))).toBe(13); // 12.04 → 13
  });

  it('does not round a whole kilogram up because of floating-point noise', () => {
    expect(billableWeightKg(parcel(12.5, 20, 20, 0.2))).toBe(1); // 5,000 cm³
    expect(billableWeightKg(parcel(33.33, 30, 10, 0.2))).toBe(2); // 1.9998 → 2
    expect(billableWeightKg(parcel(10, 10, 10, 3))).toBe(3);
  });

  it('adds each parcel rounded on its own', () => {
    const parcels = [parcel(10, 10, 10, 1.01), parcel(10, 10, 10, 1.01), parcel(30, 20, 10, 0.5)];
    expect(totalBillableWeightKg(parcels)).toBe(6); // 2 + 2 + 2, not ceil(2.02 + 1.2)
    expect(totalBillableWeightKg([])).toBe(0);
  });
});

describe('parcelInCmKg', () => {
  it('keeps cm/kg parcels as they are (default unit too)', () => {
    expect(
      parcelInCmKg({ unit: 'cm_kg', length: 30, width: 20, height: 10.5, weight: 1.25 }),
    ).toEqual(parcel(30, 20, 10.5, 1.25));
    expect(parcelInCmKg({ length: 30, width: 20, height: 10, weight: 2 })).toEqual(
      parcel(30, 20, 10, 2),
    );
  });

  it('converts inches and pounds (1 in = 2.54 cm, 1 lb = 0.45359237 kg)', () => {
    expect(parcelInCmKg({ unit: 'in_lb', length: 10, width: 8, height: 4.5, weight: 2 })).toEqual(
      parcel(25.4, 20.32, 11.43, 0.907),
    );
    expect(parcelInCmKg({ unit: 'in_lb', length: 1, width: 1, height: 1, weight: 1 })).toEqual(
      parcel(2.54, 2.54, 2.54, 0.454),
    );
    // 12 × 12 × 12 in is 28,316.8 cm³: 5.66 kg volumetric, billed 6.
    expect(
      billableWeightKg(
        parcelInCmKg({ unit: 'in_lb', length: 12, width: 12, height: 12, weight: 1 }),
      ),
    ).toBe(6);
    // 11 lb is 4.99 kg: billed 5.
    expect(
      billableWeightKg(parcelInCmKg({ unit: 'in_lb', length: 4, width: 4, height: 4, weight: 11 })),
    ).toBe(5);
  });
});
