// Entry of the shell's server build (dist/server/main.js, required by the shell's HTTP server).
// Shared modules are negotiated with remotes behind this async boundary, as in the browser entry.
export const loadRenderer = () => import('./renderPage');
