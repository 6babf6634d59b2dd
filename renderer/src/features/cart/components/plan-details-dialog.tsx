import { useQuery } from '@tanstack/react-query';
import { Modal } from '../../../components/modal';
import { PlanHighlights } from '../../../components/plan-card';
import { Pending } from '../../../components/query-state';
import { planDetailQuery } from '../../../lib/plan-detail';
import { money } from '../../../utils/format';
import { Message, useT } from '../../../lib/i18n';
import { m } from '../messages';

export interface PlanDetailsLine {
  plan_id: number;
  plan_name: string;
  option_name: string;
  price: number;
}

/** The cart's plan details: what a line in the cart is (its level, price, facts and what it covers), with OK. */
export function PlanDetailsDialog({ line, onClose }: { line: PlanDetailsLine; onClose: () => void }) {
  const read = useQuery(planDetailQuery(String(line.plan_id)));
  const t = useT();
  const plan = read.data;
  const body = plan?.plan_desc.body_text.split(/\n\s*\n/).find((p) => p.trim());
  return (
    <Modal title={t(m.planDetails)} open onClose={onClose} className="plan-details-dialog">
      <h3>{line.plan_name}</h3>
      <p>
        <Message
          of={m.optionPrice}
          values={{ option: line.option_name, price: money(line.price), strong: (chunks) => <strong>{chunks}</strong>, per: (chunks) => <span className="per">{chunks}</span> }}
        />
      </p>
      {plan ? (
        <>
          {plan.carrier_name && <p className="carrier">{plan.carrier_name}</p>}
          <p>{plan.plan_short_text}</p>
          <PlanHighlights highlights={plan.highlights} />
          {body && <p className="prewrap">{body.trim()}</p>}
        </>
      ) : (
        !read.isError && <Pending />
      )}
      <div className="buttons">
        <button type="button" className="primary" onClick={onClose}>
          {t(m.ok)}
        </button>
      </div>
    </Modal>
  );
}
