import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Back goes to / when this page is the only entry of the app's history (docs/product.md#back-button),
 * otherwise one page back. React Router gives the first entry of a visit the key 'default'.
 */
export function backTarget(locationKey: string): '/' | -1 {
  return locationKey === 'default' ? '/' : -1;
}

export function useGoBack(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    const target = backTarget(location.key);
    if (target === '/') void navigate('/', { replace: true });
    else void navigate(-1);
  }, [navigate, location.key]);
}
