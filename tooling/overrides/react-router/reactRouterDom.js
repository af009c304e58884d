// What the browser apps get for `import … from 'react-router-dom'`: the declarative-mode API of
// React Router 7, re-exported from react-router. A shared singleton is never tree-shaken, so
// sharing the whole library would ship its data/framework/server APIs to every visitor; sharing
// this module instead lets webpack drop them (about 40 KB gzip). Using an API that is not listed
// here fails the build, and the fix is to add it here. Its guard and upgrade notes: ../UPGRADING.md.
export {
  BrowserRouter,
  MemoryRouter,
  Navigate,
  NavLink,
  Link,
  Outlet,
  Route,
  Routes,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  resolvePath,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'react-router';
