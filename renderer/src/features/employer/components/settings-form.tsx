// The plan year and the coverage offered: its dates, who is eligible, and for each kind of coverage the plans offered
// and what the employer pays. What may stand (a contribution below what the carriers ask, a window that closes after
// the plan year starts) is the server's to say (engine::employer::settings): its refusals are shown at their fields.
import { useId, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { money } from '../../../utils/format';
import { type Console, type Contribution, type GroupSettings, useSaveSettings } from '../api/employer';
import { m } from '../messages';

type Waiting = GroupSettings['plan_year']['waiting'];

/** What the form holds of one kind of coverage. */
interface OfferDraft {
  on: boolean;
  planIds: number[];
  kind: 'percent' | 'flat';
  employeePercent: string;
  dependentsPercent: string;
  cap: string;
  amount: string;
}

function draftOf(console: Console, category: string): OfferDraft {
  const offer = console.settings?.offers?.find((o) => o.category === category);
  const c = offer?.contribution;
  return {
    on: offer !== undefined,
    planIds: offer?.plan_ids ?? [],
    kind: c?.kind ?? 'percent',
    employeePercent: c?.kind === 'percent' ? String(c.employee_percent) : '50',
    dependentsPercent: c?.kind === 'percent' ? String(c.dependents_percent) : '0',
    cap: c?.kind === 'percent' && c.cap != null ? String(c.cap) : '',
    amount: c?.kind === 'flat' ? String(c.amount) : '',
  };
}

/** A number as typed, or NaN (the server names it). */
function number(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

function contributionOf(d: OfferDraft): Contribution {
  if (d.kind === 'flat') return { kind: 'flat', amount: number(d.amount) };
  return {
    kind: 'percent',
    employee_percent: number(d.employeePercent),
    dependents_percent: number(d.dependentsPercent),
    cap: d.cap.trim() === '' ? null : number(d.cap),
  };
}

export function SettingsForm({ console }: { console: Console }) {
  const t = useT();
  const save = useSaveSettings();
  const year = console.settings?.plan_year;
  const [start, setStart] = useState(year?.start ?? '');
  const [openFrom, setOpenFrom] = useState(year?.open_from ?? '');
  const [openUntil, setOpenUntil] = useState(year?.open_until ?? '');
  const [waiting, setWaiting] = useState<Waiting>(year?.waiting ?? 'days30');
  const [minHours, setMinHours] = useState(String(year?.min_hours ?? 30));
  const [classes, setClasses] = useState((year?.classes ?? []).join(', '));
  const [offers, setOffers] = useState<Record<string, OfferDraft>>(() =>
    Object.fromEntries(console.offerable.map((c) => [c.category, draftOf(console, c.category)])),
  );
  const id = useId();
  const failure = save.error instanceof ApiError ? save.error : null;
  // The offers sent, in order: a refusal names its offer by its place among them.
  const sent = console.offerable.filter((c) => offers[c.category]?.on).map((c) => c.category);
  const error = (field: string) => failure?.messageFor(field);
  const offerError = (category: string, field: string) => {
    const at = sent.indexOf(category);
    return at < 0 ? undefined : error(`offers.${at}.${field}`);
  };
  const change = (category: string, patch: Partial<OfferDraft>) =>
    setOffers((all) => ({ ...all, [category]: { ...all[category], ...patch } as OfferDraft }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const settings: GroupSettings = {
      plan_year: {
        start,
        open_from: openFrom,
        open_until: openUntil,
        waiting,
        min_hours: number(minHours),
        classes: classes
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean),
      },
      offers: sent.map((category) => {
        const d = offers[category] as OfferDraft;
        return { category, plan_ids: d.planIds, contribution: contributionOf(d) };
      }),
    };
    save.mutate(settings);
  };

  const field = (key: string, label: string, input: React.ReactNode, message?: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`} className="field-label">
        {label}
      </label>
      {input}
      {message && (
        <p id={`${id}-${key}-error`} className="error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
  const described = (key: string, message?: string) => (message ? { 'aria-describedby': `${id}-${key}-error`, 'aria-invalid': true } : {});

  return (
    <form className="employer-settings" noValidate onSubmit={submit}>
      <div className="employer-dates">
        {field('start', t(m.start), <input id={`${id}-start`} type="date" value={start} onChange={(e) => setStart(e.currentTarget.value)} {...described('start', error('plan_year.start'))} />, error('plan_year.start'))}
        {field('open-from', t(m.openFrom), <input id={`${id}-open-from`} type="date" value={openFrom} onChange={(e) => setOpenFrom(e.currentTarget.value)} {...described('open-from', error('plan_year.open_from'))} />, error('plan_year.open_from'))}
        {field('open-until', t(m.openUntil), <input id={`${id}-open-until`} type="date" value={openUntil} onChange={(e) => setOpenUntil(e.currentTarget.value)} {...described('open-until', error('plan_year.open_until'))} />, error('plan_year.open_until'))}
      </div>
      {field(
        'waiting',
        t(m.waiting),
        <select id={`${id}-waiting`} value={waiting} onChange={(e) => setWaiting(e.currentTarget.value as Waiting)}>
          <option value="none">{t(m.waitingNone)}</option>
          <option value="days30">{t(m.waiting30)}</option>
          <option value="days60">{t(m.waiting60)}</option>
        </select>,
      )}
      {field('hours', t(m.minHours), <input id={`${id}-hours`} type="text" inputMode="numeric" value={minHours} onChange={(e) => setMinHours(e.currentTarget.value)} {...described('hours', error('plan_year.min_hours'))} />, error('plan_year.min_hours'))}
      {field('classes', t(m.classes), <input id={`${id}-classes`} type="text" value={classes} onChange={(e) => setClasses(e.currentTarget.value)} />)}

      {console.offerable.map((category) => {
        const d = offers[category.category] as OfferDraft;
        const key = `offer-${category.category}`;
        return (
          <fieldset key={category.category} className="employer-offer">
            <legend>
              <label>
                <input type="checkbox" checked={d.on} onChange={(e) => change(category.category, { on: e.currentTarget.checked })} />
                {t(m.offerHeading, { category: category.display_name })}
              </label>
            </legend>
            {d.on && (
              <>
                <ul className="employer-plans">
                  {category.plans.map((plan) => (
                    <li key={plan.plan_id}>
                      <label>
                        <input
                          type="checkbox"
                          checked={d.planIds.includes(plan.plan_id)}
                          onChange={(e) => {
                            const on = e.currentTarget.checked;
                            change(category.category, { planIds: on ? [...d.planIds, plan.plan_id] : d.planIds.filter((p) => p !== plan.plan_id) });
                          }}
                        />
                        {plan.from_price != null
                          ? t(m.planFrom, { plan: plan.plan_name, carrier: plan.carrier_name, price: money(plan.from_price) })
                          : t(m.planNoPrice, { plan: plan.plan_name, carrier: plan.carrier_name })}
                      </label>
                      {plan.minimums && plan.minimums.employee_percent > 0 && (
                        <p className="hint">{t(m.carrierAsks, { carrier: plan.carrier_name, percent: plan.minimums.employee_percent })}</p>
                      )}
                    </li>
                  ))}
                </ul>
                {offerError(category.category, 'plan_ids') && (
                  <p className="error" role="alert">
                    {offerError(category.category, 'plan_ids')}
                  </p>
                )}
                <div className="choices" role="radiogroup" aria-label={t(m.contributionKind)}>
                  <label className="choice">
                    <input type="radio" name={`${id}-${key}-kind`} checked={d.kind === 'percent'} onChange={() => change(category.category, { kind: 'percent' })} />
                    {t(m.percentKind)}
                  </label>
                  <label className="choice">
                    <input type="radio" name={`${id}-${key}-kind`} checked={d.kind === 'flat'} onChange={() => change(category.category, { kind: 'flat' })} />
                    {t(m.flatKind)}
                  </label>
                </div>
                {d.kind === 'percent' ? (
                  <div className="employer-shares">
                    {field(`${key}-employee`, t(m.employeePercent), <input id={`${id}-${key}-employee`} type="text" inputMode="numeric" value={d.employeePercent} onChange={(e) => change(category.category, { employeePercent: e.currentTarget.value })} {...described(`${key}-employee`, offerError(category.category, 'contribution.employee_percent'))} />, offerError(category.category, 'contribution.employee_percent'))}
                    {field(`${key}-dependents`, t(m.dependentsPercent), <input id={`${id}-${key}-dependents`} type="text" inputMode="numeric" value={d.dependentsPercent} onChange={(e) => change(category.category, { dependentsPercent: e.currentTarget.value })} {...described(`${key}-dependents`, offerError(category.category, 'contribution.dependents_percent'))} />, offerError(category.category, 'contribution.dependents_percent'))}
                    {field(`${key}-cap`, t(m.cap), <input id={`${id}-${key}-cap`} type="text" inputMode="decimal" value={d.cap} onChange={(e) => change(category.category, { cap: e.currentTarget.value })} {...described(`${key}-cap`, offerError(category.category, 'contribution.cap'))} />, offerError(category.category, 'contribution.cap'))}
                  </div>
                ) : (
                  field(`${key}-amount`, t(m.amount), <input id={`${id}-${key}-amount`} type="text" inputMode="decimal" value={d.amount} onChange={(e) => change(category.category, { amount: e.currentTarget.value })} {...described(`${key}-amount`, offerError(category.category, 'contribution.amount'))} />, offerError(category.category, 'contribution.amount'))
                )}
                {offerError(category.category, 'category') && (
                  <p className="error" role="alert">
                    {offerError(category.category, 'category')}
                  </p>
                )}
              </>
            )}
          </fieldset>
        );
      })}
      {failure && failure.fields.length === 0 && (
        <p className="error" role="alert">
          {failure.message}
        </p>
      )}
      {save.isSuccess && <p role="status">{t(m.settingsSaved)}</p>}
      <button type="submit" className="primary" disabled={save.isPending}>
        {t(m.saveSettings)}
      </button>
    </form>
  );
}
