import { describe, expect, it } from 'vitest';
import { loadResources } from '../lib/i18n';
import { STAFF_MENU_GROUPS } from '../lib/screens';
import { SCREEN_DOMAINS, SCREEN_FILES, screenFileOf, STAFF_SCREENS } from './navigation';
import { STAFF_MENU, staffMenuEntryAt } from './staff-navigation';

/** The texts of a `namespace:key` label in one language's resources. */
function textOf(resources: Record<string, unknown>, label: string): unknown {
  const [namespace = '', key = ''] = label.split(':');
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      resources[namespace],
    );
}

describe('screen registration', () => {
  it("registers every domain's screens.ts once, and only files that exist", () => {
    const registered = SCREEN_DOMAINS.map(screenFileOf);
    expect(new Set(registered).size).toBe(registered.length);
    expect([...registered].sort()).toEqual([...SCREEN_FILES].sort());
  });
});

describe('staff console table', () => {
  it('gives every screen a unique id and path, and every detail a menu entry as parent', () => {
    expect(new Set(STAFF_SCREENS.map((screen) => screen.id)).size).toBe(STAFF_SCREENS.length);
    expect(new Set(STAFF_SCREENS.map((screen) => screen.path)).size).toBe(STAFF_SCREENS.length);
    const entries = new Set(STAFF_MENU.map((screen) => screen.id));
    for (const screen of STAFF_SCREENS.filter((entry) => !entry.menu)) {
      expect(entries.has(screen.parent ?? ''), screen.id).toBe(true);
    }
  });

  it('lists the menu by group (accounts, money, warehouse, platform), the first screen first', () => {
    expect(STAFF_MENU[0]?.path).toBe('');
    const groups = STAFF_MENU.map((screen) => STAFF_MENU_GROUPS.indexOf(screen.menu.group));
    expect(groups).toEqual([...groups].sort((a, b) => a - b));
    // The console's screens keep their order as domains add theirs.
    const known = [
      'verifications',
      'conversations',
      'bankTransfers',
      'deposits',
      'warehouses',
      'receiving',
      'dispatch',
      'jobs',
      'audit',
    ];
    expect(STAFF_MENU.map((screen) => screen.id).filter((id) => known.includes(id))).toEqual(known);
  });

  it('names every menu entry in Spanish and English', async () => {
    for (const language of ['es', 'en']) {
      const resources = await loadResources(language);
      for (const { menu } of STAFF_MENU) {
        expect(typeof textOf(resources, menu.label), `${language} ${menu.label}`).toBe('string');
      }
    }
  });

  it('marks the entry a URL belongs to, details under their list', () => {
    expect(staffMenuEntryAt('/staff')).toBe('verifications');
    expect(staffMenuEntryAt('/staff/verifications/0b8e7c52')).toBe('verifications');
    expect(staffMenuEntryAt('/staff/exits')).toBe('dispatch');
    expect(staffMenuEntryAt('/staff/nowhere')).toBeUndefined();
  });
});
