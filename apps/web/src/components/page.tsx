import type { ReactNode } from 'react';

interface PageProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  narrow?: boolean;
}

export function Page({ title, intro, children, narrow }: PageProps) {
  return (
    <section className={narrow ? 'page page-narrow' : 'page'}>
      <h1>{title}</h1>
      {intro && <p className="page-intro">{intro}</p>}
      {children}
    </section>
  );
}
