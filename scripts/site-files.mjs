// Which of the built site's files a first visit leaves for later, shared by scripts/stamp-sw.mjs (what the service
// worker precaches), scripts/size.mjs (what a first visit downloads) and scripts/split-wasm.mjs (which stylesheets
// wait for the parts).

/** Online play's module (src/dialogs/mod.rs, `split_fn!(online, …)`, cut out by scripts/split-wasm.mjs): online play
 * needs the network anyway, so it is fetched when a player first goes online, not precached. */
export const ON_DEMAND = /^lazy\/split_online-/;

/** index.html's links to the parts' stylesheets (`data-lazy`, disabled until the first part is asked for). */
export const PART_STYLE_LINK = /<link [^>]*\bdata-lazy\b[^>]*>/g;
