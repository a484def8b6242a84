import { darken, getPrimaryShade, luminance, type MantineTheme } from '@mantine/core';

/** WCAG AA for body text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** The WCAG contrast ratio of two colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color`, darkened in 5 % steps only as far as it takes to read at 4.5:1 on every background. */
export function readableOn(color: string, backgrounds: readonly string[]): string {
  for (let amount = 0; amount < 1; amount += 0.05) {
    const candidate = amount === 0 ? color : darken(color, amount);
    if (
      backgrounds.every((background) => contrastRatio(candidate, background) >= MIN_TEXT_CONTRAST)
    ) {
      return candidate;
    }
  }
  return '#000';
}

/**
 * Mantine's coloured text is each palette's shade 7 (`c="red"`) on white or on the page's gray 0,
 * and its light variant (badges, alerts) shade 9 on shade 1: for teal, orange and yellow both
 * fall under 4.5:1; so does a filled button's white label on red, orange, yellow… These variables
 * keep each palette's own hue, darkened just enough; the placeholder (gray 5, 2:1) becomes gray 6
 * darkened the same way.
 */
export function readableColorVariables(theme: MantineTheme): Record<string, string> {
  const page = [theme.white, theme.colors.gray[0]];
  const variables: Record<string, string> = {
    '--mantine-color-placeholder': readableOn(theme.colors.gray[6], page),
  };
  const shade = getPrimaryShade(theme, 'light');
  for (const [name, shades] of Object.entries(theme.colors)) {
    variables[`--mantine-color-${name}-text`] = readableOn(shades[shade], page);
    variables[`--mantine-color-${name}-light-color`] = readableOn(shades[9], [...page, shades[1]]);
    // A filled button's white label: red 7 is 4.0:1 under it (the confirm of every delete).
    const filled = readableOn(shades[shade], [theme.white]);
    if (filled !== shades[shade]) {
      variables[`--mantine-color-${name}-filled`] = filled;
      variables[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
    }
  }
  return variables;
}
