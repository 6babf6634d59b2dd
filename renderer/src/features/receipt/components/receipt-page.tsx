import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Schema } from '../../../lib/api';
import { useCartCount } from '../../../lib/cart-count';
import { tempId } from '../../../lib/storage';
import { getReceipt } from '../api/get-receipt';

export function ReceiptPage() {
  const { refresh } = useCartCount();
  const [receipt, setReceipt] = useState<Schema<'Receipt'> | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const id = tempId.get();
    if (!id) {
      setError('There is no enrollment to show.');
      return;
    }
    getReceipt({ enrollment_id: id }).then(
      (r) => {
        setReceipt(r);
        tempId.clear();
        refresh();
      },
      () => setError('The receipt could not be loaded.'),
    );
  }, [refresh]);

  if (error) return <p role="alert">{error}</p>;
  if (!receipt) return <p>Loading…</p>;
  return (
    <section className="receipt">
      <h1>Thank you, {receipt.name}!</h1>
      {/* The document lets both be missing; a sentence about a number or date there is not is left out. */}
      {receipt.policy_id && (
        <p>
          Your confirmation number is <strong>{receipt.policy_id}</strong>
        </p>
      )}
      {receipt.effective_date && <p>Your coverage is effective as of {receipt.effective_date}.</p>}
      <p>A receipt titled Enrollment Receipt will be sent to the member and the client by e-mail within 10 minutes.</p>
      <Link to={receipt.return_to || '/'} className="button primary">
        Return to homepage
      </Link>
    </section>
  );
}
