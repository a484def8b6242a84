import { Anchor, type AnchorProps } from '@mantine/core';
import { createContext, useContext, type MouseEvent, type ReactNode } from 'react';

/**
 * How an auth screen reads its query and moves on, without depending on the router: inside the
 * app it is the router's (`AuthLayout`); on the cold sign-in screen, which loads no router
 * (`app/SignInShell.tsx`), moving on hands the page to the app. `go` settles once the next
 * screen is there.
 */
export interface AuthNavigation {
  search: string;
  go: (to: string, options?: { replace?: boolean }) => Promise<void> | void;
}

const AuthNavigationContext = createContext<AuthNavigation | null>(null);

export const AuthNavigationProvider = AuthNavigationContext.Provider;

export function useAuthNavigation(): AuthNavigation {
  const navigation = useContext(AuthNavigationContext);
  if (!navigation) throw new Error('useAuthNavigation outside an AuthNavigationProvider');
  return navigation;
}

/** A link of an auth screen: a real href, followed in the page unless opened elsewhere. */
export function AuthLink({
  to,
  children,
  ...props
}: AnchorProps & { to: string; children: ReactNode }) {
  const { go } = useAuthNavigation();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (modifier keys, middle button) is the browser's to open.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    void go(to);
  };
  return (
    <Anchor href={to} onClick={follow} {...props}>
      {children}
    </Anchor>
  );
}
