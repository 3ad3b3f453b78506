import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ReactNode } from 'react';
import { getProfileIdentity, logout } from '../api/accounts.ts';
import { readSession, removeToken, storeToken, subscribeToSession } from './session.ts';
import type { Session } from './session.ts';

export interface Auth {
  /** The decoded, unexpired session, or null when signed out. */
  session: Session | null;
  /** From GET /api/profile/u after sign-in (the token carries it too). */
  userId: string | null;
  /** The token's roles, or newer ones the server reported (an admin toggle of one's own). */
  roles: string[];
  /** Replace the roles the UI acts on, until the next sign-in. */
  setRoles: (roles: string[]) => void;
  /** Store the token, read roles and email from it, then fetch the profile's user id. */
  signIn: (token: string) => Promise<void>;
  /** Call the server, forget the token, and go to the marketing site even if the call fails. */
  signOut: () => Promise<void>;
}

const AuthContext = createContext<Auth | null>(null);

/** Where logout sends the browser: `MARKETING_URL`, written into index.html by the server. */
export function marketingUrl(): string {
  const content = document.querySelector<HTMLMetaElement>('meta[name="marketing-url"]')?.content;
  return content && !content.startsWith('__') ? content : '/';
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribeToSession, () => readSession());
  const [fetchedUserId, setFetchedUserId] = useState<string | null>(null);
  const [updatedRoles, setUpdatedRoles] = useState<{ token: string; roles: string[] } | null>(null);

  const signIn = useCallback(async (token: string) => {
    storeToken(token);
    try {
      const identity = await getProfileIdentity();
      setFetchedUserId(identity.userId);
    } catch (error) {
      console.error('Could not load the profile after sign-in', error);
    }
  }, []);

  const signOut = useCallback(async () => {
    try {
      await logout();
    } catch (error) {
      console.error('Logout call failed; signing out locally', error);
    }
    removeToken({ notify: false });
    window.location.assign(marketingUrl());
  }, []);

  const setRoles = useCallback(
    (roles: string[]) => {
      if (session) setUpdatedRoles({ token: session.token, roles });
    },
    [session],
  );

  const value = useMemo<Auth>(() => {
    // Roles the server reported after this session's token was issued win over the token's.
    const roles = !session
      ? []
      : updatedRoles?.token === session.token
        ? updatedRoles.roles
        : session.roles;
    return {
      session,
      userId: session ? (fetchedUserId ?? session.userId) : null,
      roles,
      setRoles,
      signIn,
      signOut,
    };
  }, [session, fetchedUserId, updatedRoles, setRoles, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}
