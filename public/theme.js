// The saved theme applies before the app loads, so a dark page does not flash light (theme.rs takes over). A file
// rather than an inline script: the page's content security policy runs no inline script at all.
try {
  const theme = JSON.parse(localStorage.getItem('reversi.options'))?.data?.theme;
  if (theme === 'Light' || theme === 'Dark') document.documentElement.dataset.theme = theme.toLowerCase();
} catch (unreadable) {
  // The app reports unreadable options itself.
}
