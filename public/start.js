// Starts the app. Trunk writes this build's file names (the wasm-bindgen glue and the wasm module, both named after
// their content) on this script's tag (pattern_script in Trunk.toml) instead of its usual inline loader, which the
// page's content security policy would refuse.

// Offline play: the service worker (public/sw.js) keeps the site cached after the first visit. Each deploy changes
// sw.js (scripts/stamp-sw.mjs), so the browser installs the new worker when it next checks; the new worker takes
// over at once and this page marks itself (data-update="ready" on <html>, then the event "reversi-update-ready"),
// and the app offers to reload (src/panels/update_notice.rs). This runs before the app's wasm loads, so no take-over
// is missed. The registration itself waits until the app has its engine's data (the event "reversi-data-ready",
// src/effects/engine_data.rs) and the page is idle: the worker's first caching of the site then competes with
// nothing the page needs, and finds the files the page downloaded in the browser's cache.
if ('serviceWorker' in navigator) {
  // The first worker of a first visit also takes over the page: that is no new version.
  let controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (controlled) {
      document.documentElement.dataset.update = 'ready';
      dispatchEvent(new Event('reversi-update-ready'));
    }
    controlled = true;
  });
  const register = () =>
    navigator.serviceWorker
      .register('sw.js')
      .then((registration) => {
        // An installed app can stay open for days without a navigation: ask for a new version every hour and
        // whenever the page comes back into view.
        const check = () => registration.update().catch(() => undefined);
        setInterval(check, 60 * 60 * 1000);
        document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check());
      })
      .catch((error) => console.warn('offline play unavailable:', error));
  const whenIdle = (task) => ('requestIdleCallback' in window ? requestIdleCallback(task, { timeout: 5000 }) : setTimeout(task, 1000));
  addEventListener('reversi-data-ready', () => whenIdle(register), { once: true });
}

// If the app cannot be loaded or started (an old browser, WebAssembly blocked, the network gone), index.html's first
// paint says so in words instead of "Loading…" for ever.
try {
  // The first paint comes first (Trunk.toml, pattern_preload): the wasm is asked for once a frame has been drawn,
  // or at once in a page opened hidden (a background tab draws no frames until it is shown).
  await new Promise((resolve) => {
    if (document.visibilityState === 'hidden') return resolve();
    requestAnimationFrame(() => setTimeout(resolve));
    document.addEventListener('visibilitychange', resolve, { once: true });
  });
  const tag = document.querySelector('script[data-glue]');
  const glue = import(tag.dataset.glue);
  // The wasm is compiled as it streams in; its last bytes end a task of their own, and the app starts in the next
  // (its instantiation and first steps), so neither adds to the other on a slow phone (docs/benchmarks.md, "First
  // visit"). A server that does not say application/wasm gets the glue's own loading, which copes with it.
  const module = await WebAssembly.compileStreaming(fetch(tag.dataset.wasm)).catch(() => tag.dataset.wasm);
  const { default: init } = await glue;
  await new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = resolve;
    channel.port2.postMessage(undefined);
  });
  await init({ module_or_path: module });
} catch (error) {
  document.getElementById('first-paint')?.classList.add('failed');
  const message = document.getElementById('load-failed');
  if (message) message.hidden = false;
  console.warn('Reversi could not start:', error);
}
