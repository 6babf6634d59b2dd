-- A plan chosen after the sale for a life event (domain::after_sale::plans), kept as a coverage_change of kind
-- 'choose_plan': the plan (plan_id), the level chosen of it (plan_pricing_id), and the plan it replaces
-- (replaces_plan_id), which covers to the day before; none when the plan is of a kind the policy did not hold.
alter table coverage_change add column plan_pricing_id bigint;
alter table coverage_change add column replaces_plan_id bigint;

-- A plan is replaced once while the replacement stands: a second choice for it is refused at the same moment too.
create unique index coverage_change_plan_replaced on coverage_change (enrollment_id, replaces_plan_id)
    where kind = 'choose_plan' and undone_by is null and (proof is null or proof <> 'refused');
