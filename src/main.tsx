import { RouterProvider, createRouter } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthProvider } from './auth/AuthProvider.tsx';
import { ErrorPage } from './components/ErrorPage.tsx';
import { routeTree } from './routeTree.gen.ts';
// The stylesheet by area, in cascade order. The chat screens' areas (qbot.css, backplot.css)
// come with the screens that use them, so the first page loads none of them
// (docs/decisions/028-signin-bundle.md).
import './styles/base.css';
import './styles/shop.css';
import './styles/assistants.css';

const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultErrorComponent: ErrorPage,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface HistoryState {
    /** A message for the next page to show, such as the sign-up or reset confirmation. */
    notice?: string;
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>
  </StrictMode>,
);
