import { Navigate, Outlet, createFileRoute, redirect, useLocation } from '@tanstack/react-router';
import { useAuth } from '../auth/AuthProvider.tsx';
import { isSignedIn } from '../auth/session.ts';

/**
 * Protected pages (spec section 2): a signed-out visitor is sent to /signin, replacing history
 * and remembering where they were going. A session that ends while on the page does the same.
 */
export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ location }) => {
    if (!isSignedIn()) {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router's redirect protocol
      throw redirect({ to: '/signin', search: { redirect: location.href }, replace: true });
    }
  },
  component: ProtectedLayout,
});

function ProtectedLayout() {
  const { session } = useAuth();
  const href = useLocation({ select: (location) => location.href });
  if (!session) return <Navigate to="/signin" search={{ redirect: href }} replace />;
  return <Outlet />;
}
