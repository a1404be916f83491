// The saved theme applies before the app loads, so a dark page does not flash light (theme.rs takes over). A file
// rather than an inline script: the page's content security policy runs no inline script at all.
try {
  const saved = localStorage.getItem('reversi.options') ?? '';
  // Today's saves are "v2:" and base64 (crates/game/src/save.rs); the options' first byte is the theme, its place
  // in src/model/options.rs's Theme (Light, Dark, System). Version 1's were JSON (read once, then rewritten).
  const theme = saved.startsWith('v2:')
    ? ['Light', 'Dark'][atob(saved.slice(3, 7)).charCodeAt(0)]
    : JSON.parse(saved)?.data?.theme;
  if (theme === 'Light' || theme === 'Dark') document.documentElement.dataset.theme = theme.toLowerCase();
} catch (unreadable) {
  // The app reports unreadable options itself.
}
