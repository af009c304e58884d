// Building blocks of the remotes' pages (entry `shared-ui/page`). Kept off the main entry, which
// the shell loads for every visitor before any page: only the remotes that use these download them.
export { RouteErrorBoundary, ROUTE_ERROR_MESSAGE } from './RouteErrorBoundary';
export { PageHeader } from './PageHeader';
export { useDrawer, type Drawer } from './useDrawer';
