// Starts the app. Trunk writes this build's file names (the wasm-bindgen glue and the wasm module, both named after
// their content) on this script's tag (pattern_script in Trunk.toml) instead of its usual inline loader, which the
// page's content security policy would refuse.

// Offline play: the service worker (public/sw.js) keeps the site cached after the first visit.
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('sw.js').catch((error) => console.warn('offline play unavailable:', error));
}

const tag = document.querySelector('script[data-glue]');
const { default: init } = await import(tag.dataset.glue);
await init({ module_or_path: tag.dataset.wasm });
