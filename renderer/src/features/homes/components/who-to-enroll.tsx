import { useId } from 'react';
import { useNavigate } from 'react-router-dom';

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
  return (
    <div className="home-step">
      <h2>Who do you want to enroll for?</h2>
      <div className="home-choices">
        <Choice title="New Member" text="Start a quote for someone who is not enrolled yet." onClick={onNewMember} />
        <Choice title="Current Member" text="Find an enrolled member and add to their coverage." onClick={() => navigate(currentMembersPath)} />
      </div>
    </div>
  );
}
