// Building blocks of the remotes' pages (entry `shared-ui/page`). Kept off the main entry, which
// the shell loads for every visitor before any page: only the remotes that use these download them
// (the article list's filter and search box, article HTML, social meta tags: none is on `/`).
export { RouteErrorBoundary, ROUTE_ERROR_MESSAGE } from './RouteErrorBoundary';
export { PageHeader } from './PageHeader';
export { useDrawer, type Drawer } from './useDrawer';
export {
  CategoryFilter,
  ALL_CATEGORIES_LABEL,
  type CategoryFilterProps,
} from '../components/CategoryFilter/CategoryFilter';
export { SearchBox, type SearchBoxProps } from '../components/SearchBox/SearchBox';
export { SafeHtml, preloadSanitizer } from '../components/SafeHtml/SafeHtml';
export { useSocialMeta, socialMetaTags, type SocialMeta, type SocialMetaTag } from '../hooks/useSocialMeta';
export { VisuallyHidden } from '../components/VisuallyHidden';
