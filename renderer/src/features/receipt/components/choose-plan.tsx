import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { planChoicesQuery, useChoosePlan, type PlanChoices } from '../api/policy';
import { m } from '../messages';

type ChoosingEvent = PlanChoices['events'][number];
type Choice = ChoosingEvent['choices'][number];

/**
 * Choosing a plan for a reported life event that allows it (a move, a marriage, a birth): another plan of a kind the
 * policy holds, which replaces it from the event's effective day, or a plan of a new kind; each priced by the server
 * for the household as it will be covered.
 */
export function ChoosePlan({ enrollmentId }: { enrollmentId: string }) {
  const t = useT();
  const form = useQuery(planChoicesQuery(enrollmentId)).data;
  const [choosing, setChoosing] = useState<ChoosingEvent | null>(null);
  const open = form?.events.filter((event) => event.choices.length > 0) ?? [];
  if (open.length === 0) return null;
  return (
    <section aria-labelledby="choose-plan-heading" className="add-person no-print">
      <h3 id="choose-plan-heading">{t(m.choosePlanHeading)}</h3>
      <ul className="policy-changes">
        {open.map((event) => (
          <li key={event.life_event_id}>
            <p>{t(m.choosePlanFor, { title: event.title, until: event.window_closes, from: event.effective })}</p>
            <button type="button" className="button" onClick={() => setChoosing(event)}>
              {t(m.choosePlanButton, { title: event.title })}
            </button>
          </li>
        ))}
      </ul>
      {choosing && <ChooseDialog enrollmentId={enrollmentId} event={choosing} onClose={() => setChoosing(null)} />}
    </section>
  );
}

const key = (c: Choice) => `${c.plan_id}:${c.plan_pricing_id}`;

function ChooseDialog({ enrollmentId, event, onClose }: { enrollmentId: string; event: ChoosingEvent; onClose: () => void }) {
  const t = useT();
  const choose = useChoosePlan(enrollmentId);
  const [chosen, setChosen] = useState<Choice | null>(null);
  const [legend, errorId] = [useId(), useId()];
  const failure = choose.error instanceof ApiError ? choose.error : null;
  const words = failure?.messageFor('plan_id') ?? failure?.messageFor('life_event_id') ?? failure?.message;
  const kinds = [...new Set(event.choices.map((c) => c.category_name))];
  return (
    <Modal title={t(m.choosePlanTitle, { title: event.title })} open onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (chosen)
            choose.mutate(
              { lifeEventId: event.life_event_id, planId: chosen.plan_id, pricingId: chosen.plan_pricing_id },
              { onSuccess: onClose },
            );
        }}
      >
        <fieldset aria-describedby={words ? errorId : undefined}>
          <legend id={legend}>{t(m.choosePlanWhich)}</legend>
          {kinds.map((kind) => (
            <div key={kind} className="plan-choices">
              <h4>{kind}</h4>
              {event.choices
                .filter((c) => c.category_name === kind)
                .map((c) => (
                  <label key={key(c)} className="plan-choice">
                    <input type="radio" name="plan" checked={chosen !== null && key(chosen) === key(c)} onChange={() => setChosen(c)} />
                    <span>
                      <strong>{c.level_name ? t(m.choosePlanLevel, { plan: c.plan_name, level: c.level_name }) : c.plan_name}</strong>
                      <span className="muted">{c.carrier_name}</span>
                      <span>{t(m.choosePlanPrice, { price: c.monthly_price })}</span>
                    </span>
                  </label>
                ))}
            </div>
          ))}
        </fieldset>
        {chosen && <p>{chosen.replaces_plan_name ? t(m.choosePlanReplaces, { old: chosen.replaces_plan_name }) : t(m.choosePlanAdds)}</p>}
        {event.waits_for_proof && <p>{t(m.choosePlanProof)}</p>}
        {words && (
          <p id={errorId} className="error" role="alert">
            {words}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="primary" disabled={choose.isPending || chosen === null}>
            {t(m.choosePlanConfirm, { from: event.effective })}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t(m.addKeep)}
          </button>
        </div>
      </form>
    </Modal>
  );
}
