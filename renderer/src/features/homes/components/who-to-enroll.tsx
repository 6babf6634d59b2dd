import { useId } from 'react';
import { useNavigate } from 'react-router-dom';

function Choice({ title, text, onClick }: { title: string; text: string; onClick: () => void }) {
  const id = useId();
  return (
    <button type="button" className="home-choice" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} onClick={onClick}>
      <span id={`${id}-title`} className="home-choice-title">
        {title}
      </span>
      <span id={`${id}-text`} className="home-choice-text">
        {text}
      </span>
    </button>
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
