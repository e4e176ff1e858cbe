/**
 * The Mantine theme: indigo accents, rounded cards, Spanish-friendly system fonts, and palettes
 * whose text-bearing shades meet WCAG AA (4.5:1) wherever Mantine uses them.
 */
import { DEFAULT_THEME, type MantineColorsTuple, createTheme, darken, luminance } from '@mantine/core';

/** AA asks 4.5:1 for normal text; a little above it so rounding in the browser never dips under. */
const AA_CONTRAST = 4.6;

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Mantine's darken() answers rgba(); palettes are kept as hex like Mantine's own. */
function toHex(color: string): string {
  const channels = color.match(/\d+(\.\d+)?/g)?.slice(0, 3) ?? [];
  return `#${channels.map((channel) => Math.round(Number(channel)).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Shades 6–9 carry text: white labels on filled buttons and badges (6, the primary shade), outline
 * badges and links on white (6), dimmed text (gray 6 on gray 0–1), light buttons and badges (9 on 1,
 * and on 2 while a light button is hovered: Mantine's light-hover). Each is darkened by the smallest
 * step that reaches AA against the darkest background it sits on besides white (shade 2 for 9, shade 1
 * for the others); the light shades 0–5 stay as Mantine draws them.
 */
function readable(shades: MantineColorsTuple): MantineColorsTuple {
  return shades.map((shade, index) => {
    if (index < 6) return shade;
    const background = index === 9 ? shades[2] : shades[1];
    let color = shade;
    for (let amount = 0.05; contrast(color, background) < AA_CONTRAST && amount < 1; amount += 0.05) {
      color = toHex(darken(shade, amount));
    }
    return color;
  }) as unknown as MantineColorsTuple;
}

const colors = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, shades]) => [name, name === 'dark' ? shades : readable(shades)]),
);

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  colors,
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  // Someone whose system asks for less motion gets dialogs, menus and toasts without their transitions.
  respectReducedMotion: true,
  components: {
    Card: { defaultProps: { withBorder: true, shadow: 'xs', radius: 'md', padding: 'lg' } },
    Tooltip: { defaultProps: { openDelay: 700 } },
    // The dialogs' close X is an icon: screen readers need its name.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } },
  },
});
