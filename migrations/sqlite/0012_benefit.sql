-- The benefit service: the shopping history recommendations start from, the location leads, and the help chat's
-- answers and feedback.

-- A fresh installation's shopping history (fixtures/history/shopping.yaml), drawn again when the fixtures change.
-- The store's own carts and enrollments are read from cart_line and enrollment.
create table basket_history (
    basket_id integer primary key,
    plans text not null,
    state text not null,
    tier text not null,
    age integer not null,
    gender text not null,
    enrolled integer not null,
    happened_at text not null
);

-- A device's answer to the location banner on a site ('store', 'rep:{id}' or 'group:{id}'): the consent, and when
-- allowed the nearest ZIP code and the position rounded to about a kilometre.
create table lead (
    device_id text not null,
    site text not null,
    agent_id integer,
    group_id integer,
    web_url text not null,
    consent text not null,
    zip_code text,
    latitude real,
    longitude real,
    created_at text not null,
    updated_at text not null,
    primary key (device_id, site)
);

create index lead_site on lead (site, updated_at);

-- The help chat's answers, per device and site, sealed (a visitor may type anything); an edited answer keeps its
-- place (answered_at is when it was first given).
create table assist_answer (
    device_id text not null,
    site text not null,
    question_id integer not null,
    answer text not null,
    answered_at text not null,
    primary key (device_id, site, question_id)
);

-- Feedback left in the help chat, sealed, for the site's owner to read.
create table assist_feedback (
    feedback_id integer primary key autoincrement,
    site text not null,
    device_id text not null,
    message text not null,
    created_at text not null
);

create index assist_feedback_site on assist_feedback (site, created_at);
