-- The language an application was submitted in (`en`, `es`): the carriers' 834 files say it (LUI) for an applicant
-- who applied in another language than English.
alter table enrollment add column submitted_language text;
