// The theme feature's public API.
export { ThemeSwitcher } from './theme-switcher';
