import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** Dusty rose, the brand colour. Shade 7 carries white text at 5.6:1 (WCAG AA). */
const rose: MantineColorsTuple = [
  '#fdf2f5',
  '#f9e3ea',
  '#f2c4d3',
  '#eaa3ba',
  '#e287a5',
  '#dc7497',
  '#c85a80',
  '#a9466a',
  '#8c3857',
  '#6e2a44',
];

/** Soft sage, a calm secondary accent (badges, success states). */
const sage: MantineColorsTuple = [
  '#f1f7f3',
  '#e2ece5',
  '#c2d8c9',
  '#a0c3ab',
  '#83b191',
  '#71a681',
  '#5f9270',
  '#4c785b',
  '#3f654c',
  '#2f4c39',
];

export const theme = createTheme({
  primaryColor: 'rose',
  primaryShade: { light: 7, dark: 5 },
  colors: { rose, sage },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    '"Nunito", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily: '"Nunito", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '700',
  },
  // md is the tablet line: at 1024px (and wider) the side menu stays open, below it collapses.
  breakpoints: { xs: '36em', sm: '48em', md: '64em', lg: '75em', xl: '88em' },
  components: {
    Button: { defaultProps: { radius: 'xl' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Card: { defaultProps: { radius: 'lg' } },
    Notification: { defaultProps: { radius: 'md' } },
    // A badge reads as written ("Bought", "Ready"), not shouted in capitals.
    Badge: { defaultProps: { tt: 'none' } },
    // A dialog's header is a plain box: Mantine's <header> would be a second banner landmark.
    ModalHeader: { defaultProps: { component: 'div' } },
  },
});

/**
 * Mantine's dimmed grey (gray.6) fails AA contrast on white; use gray.7 instead. Its error red
 * (red.6, 3.3:1 on white) fails too, for field messages and invalid input text: red.9 is 5.4:1.
 * Sage's light variant (a badge, the "Client" tag of the top bar) writes sage.7 on its tint, 4.4:1:
 * sage.8 is 5.9:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-sage-light-color': 'var(--mantine-color-sage-8)',
    '--mantine-color-body': '#fffdfc',
  },
  dark: {},
});
