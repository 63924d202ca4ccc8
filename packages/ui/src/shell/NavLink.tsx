import type { MouseEvent, ReactNode } from 'react';
import { pathFor } from '../state/url.ts';
import type { View } from '../state/navigation.ts';

export interface NavLinkProps {
  view: View;
  className?: string;
  active?: boolean;
  /** Runs instead of a plain view switch (a tab that may open login instead). */
  onActivate: () => void;
  children: ReactNode;
  label?: string;
}

/**
 * A real link to the view's path, so it can be opened in a new tab or copied, that switches view in place on a
 * plain click.
 */
export function NavLink({ view, className, active, onActivate, children, label }: NavLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onActivate();
  };
  return (
    <a
      href={pathFor({ view, carId: null, chatUserId: null })}
      className={className}
      aria-current={active ? 'page' : undefined}
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </a>
  );
}
