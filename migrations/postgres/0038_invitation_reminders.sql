-- How many reminders an invited employee has been sent before their window closes (domain::employer::schedule):
-- each is sent once, whichever replica's schedule sees it due first.
alter table census_employee add column reminders_sent bigint not null default 0;
