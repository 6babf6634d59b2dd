-- A tab keeps its last complete document (data: what passed the step's checks, what submission reads) and, beside
-- it, a draft saved for later (draft: what the person typed, shown when they resume). A draft never replaces finished
-- work; a tab whose only document is a draft has no data and counts as unfinished. Documents stored before this
-- change stay data: they may be drafts, which is why submission checks every document again rather than trusting
-- that it was complete.
alter table enrollment_tab alter column data drop not null;

alter table enrollment_tab add column draft text;
