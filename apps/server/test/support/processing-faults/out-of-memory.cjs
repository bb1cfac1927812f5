// Preloaded (`--require`) into a model-processing child by tests, with a small
// `--max-old-space-size`: once the server has recorded the first step, the child fills its
// JavaScript heap until V8 stops it ("JavaScript heap out of memory").
require("./after-first-step.cjs")(() => {
  const hoard = [];
  for (;;) hoard.push(Array.from({ length: 10_000 }, (_, i) => ({ i })));
});
