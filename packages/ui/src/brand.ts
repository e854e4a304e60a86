/**
 * The brand colours outside CSS (the web app manifest, the browser's theme-color): the dark theme's tokens of
 * styles.css (`--bg`, `--accent`), which a test keeps in step.
 */
export const BRAND_COLORS = {
  /** `--bg` of the dark theme: the splash screen and the installed app's background. */
  background: '#0f1720',
  /** `--accent` of the dark theme: the installed app's title bar. */
  theme: '#3fb6a8',
} as const;
