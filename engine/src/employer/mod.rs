//! The employer's side of a group: its census, its plan year and windows, what it pays toward its employees'
//! premiums, and how many of them take part. Rules only; the api keeps each group's settings and its census.

pub mod census;
pub mod contribution;
pub mod deductions;
pub mod participation;
pub mod plan_year;
pub mod quote;
pub mod settings;
