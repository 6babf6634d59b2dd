-- Entry by access code: representatives (reps) of the catalogue, and what a session has unlocked.
-- A session becomes a rep's by a valid rep access code, or an employee's of a group by a valid group enrollment
-- code; an enrollment started in that session takes its process, rep and group from here, never from the browser.

create table rep (
    agent_id bigint primary key,
    code text not null unique,
    document text not null
);

create table session_role (
    session_id text primary key,
    role text not null,
    agent_id bigint,
    group_id bigint,
    created_at text not null
);

alter table enrollment add column agent_id bigint;
