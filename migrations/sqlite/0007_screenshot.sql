-- What a person saw when they saved a step (the spec's save-screenshot): a PNG image, kept for audit with the step's
-- name and the time.

create table screenshot (
    screenshot_id integer primary key autoincrement,
    enrollment_id integer not null references enrollment (enrollment_id),
    name text not null,
    image text not null,
    created_at text not null
);
