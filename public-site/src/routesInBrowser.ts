// What the browser build exposes as `./routes`: the routes module, resolved only once the code of
// the on-demand page at this URL is in too. The shell hydrates a served page when this resolves,
// so that page hydrates in the same pass as the rest (a tap made before hydrating is replayed on
// the live page, not on server HTML still waiting for its code). A page that fails to load here
// is loaded again, and reported, by its own render.
import { loadPageAt } from './routes';

await loadPageAt(window.location.pathname).catch(() => undefined);

export { default } from './routes';
