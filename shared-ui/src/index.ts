// What holds one instance of state (theme, server page, sanitiser) lives in shared-context, a
// federation singleton; re-exported so the apps import it from here, and a remote's own newer
// copy of shared-ui still reaches the shell's instance (docs/releasing.md).
export * from 'shared-context';
export type { RemoteRoutesModule } from './remoteContract';
export { ErrorBoundary } from './components/ErrorBoundary';
export { Spinner } from './components/Spinner';
export { Banner } from './components/Banner';
export { Container } from './components/Container';
export { Button } from './components/Button';
export { NotFoundPage } from './components/NotFoundPage';
export { useScrolledPast } from './hooks/useScrolledPast';
export { useMediaQuery } from './hooks/useMediaQuery';
export { useDocumentTitle, documentTitle } from './hooks/useDocumentTitle';
// Content components shared by the public site, the business portal and the admin console (those
// no page of the shell nor `/` shows are on `shared-ui/page`).
export { ArticleCard, CARD_STAGGER_SECONDS, type ArticleCardProps } from './components/ArticleCard/ArticleCard';
export type { CardImageSource } from './components/ArticleCard/CardImage';
export { CardGrid } from './components/ArticleCard/CardGrid';
export { Reveal } from './components/Reveal/Reveal';
export { accentFill, accentText } from './components/accent';
export { useInView, type UseInViewOptions } from './hooks/useInView';
