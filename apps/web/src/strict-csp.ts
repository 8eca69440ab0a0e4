import { z } from "zod";

// The server's Content-Security-Policy has no 'unsafe-eval'. Zod probes `new Function` once to decide
// whether to compile its object parsers; the probe is caught, but the browser still reports a CSP
// violation. Jitless parsing is the same validation without that probe.
z.config({ jitless: true });
