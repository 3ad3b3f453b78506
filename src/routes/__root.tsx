import { Link, Outlet, createRootRoute } from '@tanstack/react-router';
import { Navbar } from '../components/Navbar.tsx';

/** The layout (spec section 2): top header, gradient background, content area. */
export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <div className="app">
      <Navbar />
      <main className="content">
        <Outlet />
      </main>
    </div>
  );
}

function NotFound() {
  return (
    <section className="card narrow">
      <h1>Page not found</h1>
      <p className="muted">There is no page at this address.</p>
      <Link to="/" className="button primary">
        Go to the start page
      </Link>
    </section>
  );
}
