/**
 * The part of react-router the apps use, shared between the shell and the remotes as one Module Federation
 * singleton (one router context for the whole page).
 *
 * A shared module cannot be tree-shaken: its provider does not know which exports a remote will ask for, so
 * sharing `react-router` itself shipped all of it (data routers, server rendering, form actions: about 194 KB
 * minified) to every visitor. Sharing this narrow entry instead lets the shell's build keep only what is named
 * here. App code imports routing from `@wayfarer/router` only (an ESLint rule says so); a remote that needs
 * another export adds it here, which makes it part of the shared contract (SHARED_SINGLETONS).
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
export type { LinkProps, NavLinkProps, NavigateFunction, Location } from 'react-router';
