// The trace channel's lines start with the time, like VS Code's own log channels.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { stamp, stampLines } from "../../src/stamp";

describe("trace timestamps", () => {
  const at = new Date(2025, 0, 31, 13, 45, 7, 42);
  it("writes the local date and time to the millisecond", () => {
    assert.equal(stamp(at), "2025-01-31 13:45:07.042");
  });
  it("prefixes the first line of a message with the time and level", () => {
    assert.equal(stampLines("Sending request 'initialize - (0)'.\nParams: {}", "trace", at),
      "2025-01-31 13:45:07.042 [trace] Sending request 'initialize - (0)'.\nParams: {}");
  });
});
