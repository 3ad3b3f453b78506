import { Link, createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import type { CSSProperties } from 'react';
import { defaultAssistant } from '../assistants.ts';
import { useAuth } from '../auth/AuthProvider.tsx';

/**
 * The root path selects the default assistant (Q-Bot) and mounts its landing frame (spec
 * section 2, route `/`): Get Started (to the assistant), Sign Up and Sign In.
 */
export const Route = createFileRoute('/')({ component: Landing });

function Landing() {
  const assistant = defaultAssistant();
  const { session } = useAuth();
  const [avatarFailed, setAvatarFailed] = useState(false);
  const colours = {
    '--primary': assistant.styling.primaryColor,
    '--accent': assistant.styling.accentColor,
  } as CSSProperties;
  return (
    <section className={`card landing ${assistant.id}-landing`} style={colours}>
      <img
        className="landing-avatar"
        src={avatarFailed ? assistant.assets.fallbackAvatar : assistant.styling.avatar}
        alt=""
        onError={() => setAvatarFailed(true)}
      />
      <h1>{assistant.assets.landing.heading}</h1>
      <p className="lead">{assistant.assets.landing.lead}</p>
      <p className="muted">{assistant.assets.landing.text}</p>
      <div className="actions center">
        <Link to={assistant.path} className="button primary">
          Get Started
        </Link>
        {session ? null : (
          <>
            <Link to="/signup" className="button">
              Sign Up
            </Link>
            <Link to="/signin" className="button">
              Sign In
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
