import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import { activeAssistant, menuOf } from '../assistants.ts';
import { useAuth } from '../auth/AuthProvider.tsx';

/**
 * The top header (spec section 2, "Navigation bar"): the title links to / and shows the active
 * assistant's name (chosen by the path; `/` and pages that are no assistant's select the default
 * one); signed-out users see Sign Up and Sign In; signed-in users get an icon that opens the
 * assistant's menu, in its order, plus Logout. The assistant's accent colour underlines the bar.
 */
export function Navbar() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const assistant = activeAssistant(pathname);
  const { session, signOut } = useAuth();

  return (
    <header
      className="topbar"
      style={{ '--assistant-accent': assistant.styling.accentColor } as CSSProperties}
    >
      <Link to="/" className="topbar-title">
        {assistant.name}
      </Link>
      <nav className="topbar-nav" aria-label="Account">
        {session ? (
          <UserMenu items={menuOf(assistant)} email={session.email} onLogout={signOut} />
        ) : (
          <>
            <Link to="/signup" className="topbar-link">
              Sign Up
            </Link>
            <Link to="/signin" className="topbar-link">
              Sign In
            </Link>
          </>
        )}
      </nav>
    </header>
  );
}

function UserMenu(props: {
  items: { id: string; label: string; path: string }[];
  email: string;
  onLogout: () => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={container}>
      <button
        type="button"
        className="user-menu-button"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        title={props.email}
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <circle cx="12" cy="8" r="4" fill="currentColor" />
          <path d="M4 21c0-4.4 3.6-8 8-8s8 3.6 8 8" fill="currentColor" />
        </svg>
      </button>
      {open ? (
        <ul className="user-menu-list" role="menu">
          {props.items.map((item) => (
            <li key={item.id} role="none">
              <Link to={item.path} role="menuitem" onClick={() => setOpen(false)}>
                {item.label}
              </Link>
            </li>
          ))}
          <li role="none">
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                setOpen(false);
                void props.onLogout();
              }}
            >
              Logout
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
