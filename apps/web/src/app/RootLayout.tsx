import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

/** Spec §2: every navigation starts at the top left of the page. */
export function RootLayout() {
  const { key } = useLocation();
  // A block body: Chromium's scrollTo returns a Promise, which React would call as the cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [key]);
  return <Outlet />;
}
