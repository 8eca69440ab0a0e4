// Worker threads start without the parent's TypeScript loader registered: register it, then run the thread.
import { register } from "tsx/esm/api";

register();
await import("./thread.ts");
