// For the faults preloaded (`--require`) into a model-processing child by tests: runs `fault`
// once the server has recorded the child's first step (its first "ack"). The listener is added
// only after the child's own: a preload that listens first takes the channel's first message
// (the job) while the child's modules still load, and the child never hears of it.
module.exports = function afterFirstStep(fault) {
  process.on("newListener", function waitForChild(event) {
    if (event !== "message") return;
    process.off("newListener", waitForChild);
    setImmediate(() =>
      process.on("message", (message) => {
        if (message && message.type === "ack") fault();
      }),
    );
  });
};
