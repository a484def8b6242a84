import {
  createTheme,
  mergeThemeOverrides,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import { readableColorVariables } from './readable-colors';

// "Petróleo": the favicon's deep blue-green (#0b7285) — calm and serious for money and parcels.
const petrol: MantineColorsTuple = [
  '#e6f6f8',
  '#cdeaee',
  '#9bd3dc',
  '#65bbc9',
  '#3aa7b9',
  '#1f9aaf',
  '#0e8aa0',
  '#0b7285',
  '#075f6f',
  '#044c5a',
];

const px = (value: number) => `${value / 16}em`;

export const theme = createTheme({
  primaryColor: 'petrol',
  // Shade 7 is the brand colour and keeps white text on buttons above 4.5:1 contrast.
  primaryShade: 7,
  colors: { petrol },
  // Spec §9 breakpoints: 600, 1024, 1440 and 1920 px; xl only exists because Mantine needs it.
  breakpoints: { xs: px(600), sm: px(1024), md: px(1440), lg: px(1920), xl: px(2560) },
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Plain objects, not `Badge.extend(…)`: the theme loads with the first screen, and `.extend`
  // would bring each component (and what it imports) into that first download.
  components: {
    // A badge (a status, the balance) is read whole: Mantine cuts it with an ellipsis when its
    // cell or group is narrow ("CRE…"); at its full width the layout makes room for it.
    Badge: { styles: { root: { minWidth: 'max-content' } } },
    // A table wider than the screen scrolls sideways: keyboard users reach it with Tab.
    TableScrollContainer: {
      defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } },
    },
    // A number out of range stays as typed and the form's schema says what is wrong under it:
    // clamping on blur turned −5 into 1 without a word.
    NumberInput: { defaultProps: { clampBehavior: 'none' } },
  },
});

/** The words Mantine's own buttons carry, in the language on screen. */
export interface ThemeTexts {
  /** The close button of every dialog, drawer and toast. */
  close: string;
  /** The eye button of a password field. */
  togglePassword: string;
}

/**
 * The theme with Mantine's built-in buttons named in the user's language: a dialog's or a
 * toast's close button has no accessible name of its own (axe: critical), and the password
 * toggle's is English.
 */
export function localizedTheme(texts: ThemeTexts): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': texts.close };
  return mergeThemeOverrides(theme, {
    components: {
      Modal: { defaultProps: { closeButtonProps } },
      Drawer: { defaultProps: { closeButtonProps } },
      Notification: { defaultProps: { closeButtonProps } },
      PasswordInput: {
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': texts.togglePassword } },
      },
    },
  });
}

/**
 * Mantine's dimmed text is gray 6, 3.3:1 on white (WCAG AA asks 4.5:1 for body text); gray 7
 * keeps it secondary and readable. Coloured text, placeholders and field errors likewise
 * (readable-colors.ts).
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    ...readableColorVariables(resolved),
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // A field's error and the value typed in it are red 6 by default, 3.6:1 on white: the red
    // of text instead, darkened to 4.5:1 like the rest.
    '--mantine-color-error': 'var(--mantine-color-red-text)',
  },
  dark: {},
});
