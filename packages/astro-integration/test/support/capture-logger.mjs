// An Astro 7 log handler (the `logger.entrypoint` option) that keeps every event in memory,
// so tests can read what the integration logged. Plain JS: Astro loads it without Vite.
export default function captureLogger() {
  return {
    write(event) {
      globalThis.__sitemapkitLogEvents ??= [];
      globalThis.__sitemapkitLogEvents.push({
        level: event.level,
        label: event.label,
        message: event.message,
      });
    },
  };
}
