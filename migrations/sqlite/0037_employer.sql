-- An employer group's settings as its administrator set them in the console (domain::employer): the plan year and
-- its open enrollment window, who is eligible, and for each kind of coverage the plans offered and what the employer
-- pays, as JSON (engine::employer::settings::GroupSettings). One row a group, with who changed it last.
create table group_setting (
    group_id bigint primary key,
    data text not null,
    updated_at text not null,
    updated_by text not null
);

-- The employees of a group's census. `data` (their names, date of birth, ZIP code, hire date, hours, class and
-- salary) is sealed whole; `email` (lower case) is how an employee is known within the group. An employee who left
-- keeps the row, with the day they left (`terminated_on`, YYYY-MM-DD), so that they stop being counted and invited;
-- `waived` is the reason an employee gave for waiving the group's coverage (engine::employer::participation), with
-- when they did; `invited_at` when their invitation to enroll was sent.
create table census_employee (
    employee_id integer primary key autoincrement,
    group_id bigint not null,
    email text not null,
    data text not null,
    terminated_on text,
    waived text,
    waived_at text,
    invited_at text,
    added_at text not null,
    updated_at text not null,
    unique (group_id, email)
);

-- The census employee a session is, once it opened that employee's invitation (domain::employer::invitations): the
-- session enrolls, or waives, as them.
create table employee_session (
    session_id text primary key,
    group_id bigint not null,
    employee_id bigint not null,
    opened_at text not null
);

-- A group's payroll deduction file for one pay period (domain::employer::deductions), made once: what each enrolled
-- employee's paycheck gives toward each plan, and what changed since the last period's. `content` (the CSV) and
-- `lines` (the deductions, JSON, for the next period's changes) are sealed; `content` is emptied as 834 files' are,
-- EDI_RETENTION_DAYS after it was made.
create table payroll_file (
    group_id bigint not null,
    period_start text not null,
    period_end text not null,
    content text,
    lines text not null,
    made_at text not null,
    primary key (group_id, period_start)
);
