/**
 * Secondary text in the import dialog: Mantine's 'dimmed' (gray 6) is 3.3:1 on white, below the
 * 4.5:1 axe asks of small text; gray 7 reads as secondary and passes.
 */
export const SECONDARY_TEXT = 'gray.7';
export const SECONDARY_STYLES = { description: { color: 'var(--mantine-color-gray-7)' } };
