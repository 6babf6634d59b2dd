import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { lastPlan } from '../../../lib/storage';

/**
 * Where the plan's page belongs: a plan that does not exist (`missing`) is a page that does not, a plan sold as another
 * (its pricing refused with changePid) shows the other, and a plan shown (`drawn`) is the one the cart's breadcrumb
 * leads back to.
 */
export function usePlanWhereabouts(missing: boolean, pricingError: unknown, drawn: boolean) {
  const navigate = useNavigate();
  const moved = pricingError instanceof ApiError && pricingError.code === 'changePid' ? pricingError.extra.pid : undefined;
  useEffect(() => {
    if (missing) navigate('/404');
    else if (moved) navigate(`/plan/${String(moved)}/plan`, { replace: true });
  }, [missing, moved, navigate]);
  const { pathname } = useLocation();
  useEffect(() => {
    if (drawn) lastPlan.set(pathname);
  }, [drawn, pathname]);
}
