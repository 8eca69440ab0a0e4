import { describe, expect, it } from "vitest";
import { ServerEventParser } from "./event-stream";

describe("ServerEventParser", () => {
  it("dispatches named events on a blank line and joins multi-line data", () => {
    const parser = new ServerEventParser();
    expect(parser.push('event: progress\ndata: {"generation":1}\n\nevent: curve\ndata: a\ndata: b\n\n')).toEqual([
      { event: "progress", data: '{"generation":1}' },
      { event: "curve", data: "a\nb" },
    ]);
  });

  it("keeps a line split across chunks until it is complete", () => {
    const parser = new ServerEventParser();
    expect(parser.push("event: sta")).toEqual([]);
    expect(parser.push('tus\r\ndata: {"status":"running"')).toEqual([]);
    expect(parser.push("}\r\n\r\n")).toEqual([{ event: "status", data: '{"status":"running"}' }]);
  });

  it("ignores comments, unknown fields and events without data; unnamed events are 'message'", () => {
    const parser = new ServerEventParser();
    expect(parser.push(": keep-alive\nid: 7\nevent: end\n\ndata:x\n\n")).toEqual([{ event: "message", data: "x" }]);
  });
});
