import {
  Outlet,
  createFileRoute,
  redirect,
  useLocation,
  useNavigate,
} from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useAuth } from '../auth/AuthProvider.tsx';
import { isSignedIn } from '../auth/session.ts';
import { safeRedirect } from '../auth/signin-redirect.ts';

/**
 * Protected pages (spec section 2): a signed-out visitor is sent to /signin, replacing history
 * and remembering where they were going. A session that ends while on the page (logout in
 * another tab, a password reset, the token's expiry, any 401) does the same, once.
 */
export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ location }) => {
    if (!isSignedIn()) {
      const target = safeRedirect(location.href);
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router's redirect protocol
      throw redirect({
        to: '/signin',
        search: target ? { redirect: target } : {},
        replace: true,
      });
    }
  },
  component: ProtectedLayout,
});

function ProtectedLayout() {
  const { session } = useAuth();
  useSendToSigninWhenSessionEnds(session !== null);
  // Without a session the page's children would only make calls the server refuses.
  return session ? <Outlet /> : null;
}

/**
 * Navigate to /signin once when the session ends, naming the page the user was on while still
 * signed in. The location read during that navigation is already /signin's, so it is never
 * used: following it made each render navigate again with the last redirect nested inside the
 * next, which froze the tab (issue 31).
 */
function useSendToSigninWhenSessionEnds(signedIn: boolean): void {
  const navigate = useNavigate();
  const href = useLocation({ select: (location) => location.href });
  const lastSignedInHref = useRef(href);
  const sent = useRef(false);

  useEffect(() => {
    if (signedIn) {
      lastSignedInHref.current = href;
      sent.current = false;
      return;
    }
    if (sent.current) return;
    sent.current = true;
    const target = safeRedirect(lastSignedInHref.current);
    void navigate({ to: '/signin', search: target ? { redirect: target } : {}, replace: true });
  }, [signedIn, href, navigate]);
}
