// What the browser apps get for `import … from 'styled-components'`: the library itself, having
// first taken over the server-rendered page's style element (adoptServerStyles.js). Every module
// that defines a styled component imports this one, so the server's classes are known before the
// first component is defined or rendered. The deep path keeps this module's own import from being
// taken for the shared module it provides. What this relies on, and how to check an upgrade:
// ../UPGRADING.md.
import { __PRIVATE__, version } from 'styled-components/dist/styled-components.browser.esm.js';
import { adoptServerStyles } from './adoptServerStyles';

adoptServerStyles(__PRIVATE__, version);

export * from 'styled-components/dist/styled-components.browser.esm.js';
export { default } from 'styled-components/dist/styled-components.browser.esm.js';
