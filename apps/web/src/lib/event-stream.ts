import { apiStream } from "./api-client";

export interface ServerEvent {
  event: string;
  data: string;
}

/**
 * An incremental Server-Sent Events parser (WHATWG HTML §9.2.6, the parts our server uses: `event:`,
 * multi-line `data:`, comments and blank-line dispatch). Network chunks split lines anywhere, so the
 * unfinished tail is kept until the next chunk.
 */
export class ServerEventParser {
  private buffer = "";
  private event = "";
  private data: string[] = [];

  push(chunk: string): ServerEvent[] {
    this.buffer += chunk;
    const lines = this.buffer.split(/\r\n|\r|\n/);
    this.buffer = lines.pop() ?? "";
    const events: ServerEvent[] = [];
    for (const line of lines) {
      if (line === "") {
        if (this.data.length > 0) events.push({ event: this.event || "message", data: this.data.join("\n") });
        this.event = "";
        this.data = [];
        continue;
      }
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") this.event = value;
      else if (field === "data") this.data.push(value);
    }
    return events;
  }
}

/**
 * Reads an authenticated event stream until the server closes it or `signal` aborts. Resolves when
 * the stream ends; rejects on HTTP or network failure so the caller can fall back to polling.
 */
export async function readServerEvents(
  path: string,
  onEvent: (event: ServerEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const reader = (await apiStream(path, signal)).getReader();
  const decoder = new TextDecoder();
  const parser = new ServerEventParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      // `stream: true` keeps a multi-byte character split across chunks for the next one.
      for (const event of parser.push(decoder.decode(value, { stream: true }))) onEvent(event);
    }
  } finally {
    reader.releaseLock();
  }
}
