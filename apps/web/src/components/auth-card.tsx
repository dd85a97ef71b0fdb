import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card of the signed-out screens (login, phone login, reset password). */
export function AuthCard({ title, children, footer }: AuthCardProps) {
  return (
    <section className="auth-card panel" aria-labelledby="auth-card-title">
      <h1 id="auth-card-title">{title}</h1>
      {children}
      {footer && <div className="auth-card-footer">{footer}</div>}
    </section>
  );
}
