-- Raised by every change of an enrollment's shop answers (a health answer kept, forgotten or reopened), in the same
-- transaction: a listing finds which plans' health questions were accepted by (enrollment, revision) without reading
-- or opening the sealed answers again while they have not changed.
alter table enrollment add column answers_revision integer not null default 0;
