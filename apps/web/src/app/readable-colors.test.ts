import { mergeMantineTheme, DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  MIN_TEXT_CONTRAST,
  readableColorVariables,
  readableOn,
} from './readable-colors';
import { theme } from './theme';

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);

describe('readable colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // Mantine's teal 9 on teal 1, what axe reported on the light badges.
    expect(contrastRatio('#087f5b', '#c3fae8')).toBeCloseTo(4.32, 1);
  });

  it('keeps a colour that already reads and darkens one that does not, only as far as needed', () => {
    expect(readableOn('#495057', ['#ffffff'])).toBe('#495057');
    const darker = readableOn('#087f5b', ['#c3fae8']);
    expect(contrastRatio(darker, '#c3fae8')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(darker, '#c3fae8')).toBeLessThan(MIN_TEXT_CONTRAST + 1);
  });

  it('gives every palette text and light-variant colours that read at 4.5:1 where they are shown', () => {
    const variables = readableColorVariables(resolved);
    const page = [resolved.white, resolved.colors.gray[0]];
    for (const [name, shades] of Object.entries(resolved.colors)) {
      for (const background of page) {
        expect(
          contrastRatio(variables[`--mantine-color-${name}-text`]!, background),
          name,
        ).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }
      expect(
        contrastRatio(variables[`--mantine-color-${name}-light-color`]!, shades[1]),
        name,
      ).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
    expect(
      contrastRatio(variables['--mantine-color-placeholder']!, resolved.white),
    ).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('darkens a filled colour under white text only where it does not read', () => {
    const variables = readableColorVariables(resolved);
    const filled = (name: string) =>
      variables[`--mantine-color-${name}-filled`] ?? resolved.colors[name]![7];
    for (const name of Object.keys(resolved.colors)) {
      expect(contrastRatio(filled(name), resolved.white), name).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
    }
    // The brand's own colour already reads: left as it is.
    expect(variables['--mantine-color-petrol-filled']).toBeUndefined();
    expect(variables['--mantine-color-red-filled']).toBeDefined();
  });
});
