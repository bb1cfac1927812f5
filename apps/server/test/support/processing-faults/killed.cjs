// Preloaded (`--require`) into a model-processing child by tests: once the server has recorded
// the first step, the child is killed (SIGKILL), as the kernel's out-of-memory killer would.
require("./after-first-step.cjs")(() => process.kill(process.pid, "SIGKILL"));
