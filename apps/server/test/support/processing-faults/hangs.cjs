// A processing child that stops answering after its first step, as a step that never ends
// would: its event loop is blocked for good, so only a kill ends it.
require("./after-first-step.cjs")(() => {
  for (;;) {}
});
