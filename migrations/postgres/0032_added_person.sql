-- A person a change after the sale adds to the coverage (a coverage_change of kind add_dependent): the dependent as
-- Dependent Information keeps one (engine::forms::household::Dependent, in JSON), sealed as a whole (a name, a birth
-- date, an SSN), and the reported life event that allowed it.
alter table coverage_change add column person text;
alter table coverage_change add column life_event_id bigint references life_event (life_event_id);
