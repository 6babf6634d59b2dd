import { useNavigate } from 'react-router-dom';
import { useCartCount } from '../../../lib/cart-count';
import { chosenGroup, tempId } from '../../../lib/storage';

/** A new role starts a new enrollment: whatever this browser held belonged to the visitor before. */
export function useBeginEnrollment() {
  const navigate = useNavigate();
  const { refresh } = useCartCount();
  return (groupId: number | null) => {
    tempId.clear();
    chosenGroup.set(groupId);
    refresh();
    navigate('/');
  };
}
