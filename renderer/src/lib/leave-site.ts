// 'Not my site', and Back to Homepage on the 404 and landing-config error pages: the visitor leaves whoever's site
// this was. The server forgets where the session arrived and what it unlocked; this browser forgets everything it
// kept (the quote, the choices); the page draws the store's own site again, with an empty cart badge.
import { useNavigate } from 'react-router-dom';
import { api } from './api';
import { useCartCount } from './cart-count';
import { useSite } from './site';

export function useLeaveSite(): () => Promise<void> {
  const navigate = useNavigate();
  const { refresh } = useSite();
  const cart = useCartCount();
  return async () => {
    try {
      await api.post('/clear-site');
    } catch {
      // Whatever the server answered, this browser still forgets the site: the person asked to leave it.
    }
    localStorage.clear();
    sessionStorage.clear();
    await refresh();
    cart.refresh();
    navigate('/');
  };
}
