import { useState } from 'react';
import { StepDialog } from '../../../components/step-dialog';
import { type Schema } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import type { Outcome, StepSource } from '../../../lib/step-machine';
import { getFilterForm } from '../../../lib/filter-form';
import { m } from '../messages';

/**
 * Enroll Now's tier: the server's `tier` step (its choices, 'Please choose a tier' without one), drawn by the dialog
 * frame. `enroll` starts the member's new quote with the tier chosen; a refusal it throws is shown beside the tier,
 * except 403, which the page shows.
 */
export function TierDialog({
  member,
  onClose,
  enroll,
}: {
  member: Schema<'MemberRow'> | null;
  onClose: () => void;
  enroll: (member: Schema<'MemberRow'>, tier: string) => Promise<void>;
}) {
  return member ? <TierFlow member={member} onClose={onClose} enroll={enroll} /> : null;
}

function TierFlow({ member, onClose, enroll }: { member: Schema<'MemberRow'>; onClose: () => void; enroll: (member: Schema<'MemberRow'>, tier: string) => Promise<void> }) {
  const t = useT();
  const [source] = useState<StepSource>(() => ({
    load: async () => {
      const step = await getFilterForm({ variant: 'tier' });
      // The step's words are the server's; whose coverage it is, the page's.
      return { step: { ...step, text: t(m.whoIsCovered, { name: member.name }) } };
    },
    answer: async (_step, _action, formData): Promise<Outcome> => {
      await enroll(member, String(formData.tier));
      return { step: null };
    },
  }));
  return <StepDialog source={source} onFinish={(outcome) => (outcome ? undefined : onClose())} />;
}
