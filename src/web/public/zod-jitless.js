// Zod 4 compiles object parsers with `new Function` unless it is "jitless", and it probes for that
// as soon as the first object schema is built, while the app's modules load. Our Content-Security-
// Policy (script-src 'self', no 'unsafe-eval') refuses the probe, and Chromium reports each refusal
// as a CSP violation even though Zod then falls back. z.config({ jitless: true }) would come too
// late: the bundler runs the shared chunk that builds the schemas before the entry module's body.
// This classic script runs before the modules (deferred scripts run in document order), and Zod
// reads its global configuration from here when it loads.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
