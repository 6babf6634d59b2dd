-- Every table read or deleted from by its enrollment has an index that leads with it: without one, each lookup read
-- the whole table, so a call got slower with every enrollment ever made (the receipt's cart snapshot, the continue
-- codes deleted at Submit, a step's screenshots counted). Under the load's journeys on a cluster, the receipt and the
-- saves around it went from tens of milliseconds to seconds as the tables grew. The guard is
-- api/tests/suite/architecture.rs (every table with an enrollment_id has an index that leads with it).
create index cart_snapshot_enrollment on cart_snapshot (enrollment_id, taken_at);
create index continue_code_enrollment on continue_code (enrollment_id);
create index screenshot_enrollment on screenshot (enrollment_id);
