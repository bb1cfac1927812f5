// Preloaded (`--require`) into a model-processing child by tests: once the server has recorded
// the first step, the child exits with code 3 without an answer, as a native crash would.
require("./after-first-step.cjs")(() => process.exit(3));
