import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AuthNavigationProvider } from '../../features/auth/navigation';
import { AuthFrame } from './AuthFrame';
import { PageOutlet } from './PageOutlet';

/** The public screens inside the app: the auth frame, moving on through the router. */
export function AuthLayout() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const navigation = useMemo(() => ({ search, go: navigate }), [search, navigate]);
  return (
    <AuthFrame>
      <AuthNavigationProvider value={navigation}>
        <PageOutlet />
      </AuthNavigationProvider>
    </AuthFrame>
  );
}
