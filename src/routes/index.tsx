import { Link, createFileRoute } from '@tanstack/react-router';
import { useAuth } from '../auth/AuthProvider.tsx';

/** The default assistant's landing frame (spec section 2, route `/`). */
export const Route = createFileRoute('/')({ component: Landing });

function Landing() {
  const { session } = useAuth();
  return (
    <section className="card landing">
      <img
        className="landing-avatar"
        src="/qbot-avatar.svg"
        alt=""
        onError={(event) => {
          event.currentTarget.src = '/default-avatar.svg';
        }}
      />
      <h1>Q-BOT</h1>
      <p className="lead">Your copilot for creating high precision parts.</p>
      <p className="muted">
        Upload a part drawing, confirm what Q-Bot read, choose stock, machine and tools, and
        download G-code checked for the machine you will run it on.
      </p>
      <div className="actions center">
        <Link to="/qbot" className="button primary">
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
