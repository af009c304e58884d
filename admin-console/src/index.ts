// Async boundary for the standalone harness; the shell loads ./routes through remoteEntry.js.
import('./bootstrap');
