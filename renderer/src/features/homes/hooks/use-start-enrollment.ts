import { useNavigate } from 'react-router-dom';
import { useCartCount } from '../../../lib/cart-count';
import { useSite } from '../../../lib/site';
import { chosenGroup, tempId } from '../../../lib/storage';
import { updateFilterPortal } from '../api/update-filter-portal';

export interface PortalStart {
  platformGroupId: number;
  /** The group a rep enrolls for, or null for a new member of no group (others keep their own group). */
  groupId: number | null;
}

/**
 * Starts a new member's enrollment on the portal (and group) chosen: the server keeps the choice for the session, this
 * browser forgets the quote it held (a new member gets a new one), and the person goes on to the quote form (/home).
 * Rejects with the server's ApiError ('Please choose a platform', 'Please choose a group') for the page to show.
 */
export function useStartEnrollment(eprocess: 'rep' | 'group' | 'applicant') {
  const navigate = useNavigate();
  const site = useSite();
  const cart = useCartCount();
  return async ({ platformGroupId, groupId }: PortalStart) => {
    const chosen = await updateFilterPortal({ platform_group_id: platformGroupId, group_id: groupId === null ? '' : groupId });
    localStorage.setItem('enroll_type', chosen.enroll_type);
    localStorage.setItem('eprocess', eprocess);
    localStorage.removeItem('isCurrentMemberAvailable');
    tempId.clear();
    // The quote form sends the group a rep chose; anyone else's group is the session's.
    chosenGroup.set(eprocess === 'rep' ? groupId : null);
    await site.refresh();
    cart.refresh();
    navigate('/home');
  };
}
