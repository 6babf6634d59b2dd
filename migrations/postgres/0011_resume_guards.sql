-- Guards on the ways back into an enrollment: wrong continue-code guesses counted per e-mail address (the enrollment
-- a guesser aims at), and the session a member link was first opened in (a link opens the store in that session only).

create table continue_guess (
    email_hash text not null,
    attempted_at text not null
);

create index continue_guess_email on continue_guess (email_hash, attempted_at);

create table member_link_use (
    token_hash text primary key,
    session_id text not null,
    used_at text not null
);
