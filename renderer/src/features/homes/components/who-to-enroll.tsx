import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { m } from '../messages';

/**
 * A choice drawn as a card: the whole card answers a click (the button's area is stretched over it), but the button's
 * text is only its title, the words beside it describing it. A button holding both would be named by its title alone
 * while showing more (WCAG 2.5.3: the name a voice user says is the text they see).
 */
function Choice({ title, text, onClick }: { title: string; text: string; onClick: () => void }) {
  const id = useId();
  return (
    <div className="home-choice">
      <button type="button" className="home-choice-title" aria-describedby={`${id}-text`} onClick={onClick}>
        {title}
      </button>
      <span id={`${id}-text`} className="home-choice-text">
        {text}
      </span>
    </div>
  );
}

/** 'Who do you want to enroll for?': a new member, or one of the current members (their own page). */
export function WhoToEnroll({ currentMembersPath, onNewMember }: { currentMembersPath: string; onNewMember: () => void }) {
  const navigate = useNavigate();
  const t = useT();
  return (
    <div className="home-step">
      <h2>{t(m.whoToEnroll)}</h2>
      <div className="home-choices">
        <Choice title={t(m.newMember)} text={t(m.newMemberText)} onClick={onNewMember} />
        <Choice title={t(m.currentMember)} text={t(m.currentMemberText)} onClick={() => navigate(currentMembersPath)} />
      </div>
    </div>
  );
}
